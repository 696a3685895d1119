"use client";
// Which forms of the list (table, cards) the browser renders, from the server's guess.

import { useSyncExternalStore } from "react";
import type { ListForms } from "./list-forms-hint";

const WIDE = "(min-width: 48rem)"; // Tailwind's md

function subscribe(onChange: () => void): () => void {
  const wide = window.matchMedia(WIDE);
  wide.addEventListener("change", onChange);
  return () => wide.removeEventListener("change", onChange);
}

/**
 * The forms to render: the server's guess while hydrating, then both whenever the browser's
 * width wants the other one (a desktop window narrowed to a phone's width, a tablet turned).
 */
export function useListForms(guess: ListForms): ListForms {
  // While hydrating, the width the guess assumed: no second render when the guess was right.
  const wide = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => guess !== "cards",
  );
  if (guess === "both") return guess;
  return (guess === "table") === wide ? guess : "both";
}
