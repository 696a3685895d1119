"use client";
// `?` anywhere in the console: the keyboard shortcuts, their dialog's code fetched at the first press.

import { useEffect, useRef, useState } from "react";
import { hasModifier, isTyping } from "./keyboard";
import { lazyComponent } from "./lazy";

const KeyboardHelpDialog = lazyComponent(() =>
  import("./keyboard-help-dialog").then((m) => m.KeyboardHelpDialog),
);

/**
 * `?` opens a list of every shortcut (./keyboard-help-dialog.tsx). The key works from the first
 * moment; the list is in no page's first load, only in the first press's. Shortcuts never fire
 * while the analyst types in a box.
 */
export function KeyboardHelp() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "?" || hasModifier(event)) return;
      if (isTyping(event.target) || dialog.current?.open) return;
      event.preventDefault();
      if (dialog.current) dialog.current.showModal();
      else setWanted(true); // the dialog opens itself once it has rendered
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return wanted ? <KeyboardHelpDialog dialog={dialog} /> : null;
}
