"use client";

import { useEffect, useState } from "react";

/** Copies a text (or what a function returns at click time) and says so, visibly and aloud. */
export function CopyButton({
  value,
  label,
  className = "",
}: {
  value: string | (() => string);
  label: string;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(typeof value === "function" ? value() : value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <button type="button" onClick={copy} className={`btn-secondary ${className}`}>
      <span>{label}</span>
      <span aria-live="polite" className="min-w-0">
        {state === "copied" ? (
          <span className="ml-1 text-emerald-700 dark:text-emerald-400">Copied</span>
        ) : state === "failed" ? (
          <span className="ml-1 text-red-700 dark:text-red-400">Copy failed</span>
        ) : null}
      </span>
    </button>
  );
}
