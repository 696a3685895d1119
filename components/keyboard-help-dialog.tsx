"use client";
// The keyboard shortcuts' dialog, opened by `?` (./keyboard-help.tsx), open from its first render.

import { type RefObject, useEffect } from "react";
import { useDeployments } from "./deployments/deployment-context";

const SHORTCUTS: { section: string; keys: { keys: string[]; does: string }[] }[] = [
  {
    section: "Alarm list",
    keys: [
      { keys: ["j", "↓"], does: "Next alarm" },
      { keys: ["k", "↑"], does: "Previous alarm" },
      { keys: ["Enter"], does: "Open the focused alarm" },
      { keys: ["/"], does: "Search (the search box; Enter searches)" },
      { keys: ["↓", "↑"], does: "In the search box: move through its suggestions" },
      { keys: ["Esc"], does: "Leave the search or a filter box" },
      { keys: ["n"], does: "Next page" },
      { keys: ["p"], does: "Previous page" },
      { keys: ["."], does: "Show the alarms that arrived" },
      { keys: ["l"], does: "Pause or resume live updates" },
    ],
  },
  {
    section: "Alarm detail",
    keys: [
      { keys: ["j"], does: "Next alarm of its list" },
      { keys: ["k"], does: "Previous alarm of its list" },
      { keys: ["Esc", "Backspace"], does: "Back to the list, at the alarm last shown" },
      // The detail's triage keys (components/triage/use-triage-keys.ts).
      { keys: ["t"], does: "Take the alarm (a teammate's: asks first)" },
      { keys: ["a"], does: "Acknowledge the alarm" },
      { keys: ["c"], does: "Close the alarm with a verdict" },
    ],
  },
  { section: "Anywhere", keys: [{ keys: ["?"], does: "Show this help" }] },
];

/** The switcher's key: it has a menu only when the analyst sees two or more deployments. */
const SWITCH_DEPLOYMENT = { keys: ["d"], does: "Switch deployment (↑ ↓ to choose, Esc to close)" };

/**
 * Every shortcut in a modal dialog (Escape or the button closes it, and focus returns where it
 * was). `dialog` is the opener's ref to it, to open it again without rendering.
 */
export function KeyboardHelpDialog({ dialog }: { dialog: RefObject<HTMLDialogElement | null> }) {
  const switcher = useDeployments().length > 1;
  const shortcuts = switcher
    ? SHORTCUTS.map((group) =>
        group.section === "Anywhere"
          ? { ...group, keys: [SWITCH_DEPLOYMENT, ...group.keys] }
          : group,
      )
    : SHORTCUTS;
  // Rendered for the first `?`: open at once.
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, [dialog]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="keyboard-help-title"
      className="panel m-auto w-[min(28rem,calc(100vw-2rem))] p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:text-slate-100"
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close(); // a click on the backdrop
      }}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2 dark:border-slate-700">
        <h2 id="keyboard-help-title" className="text-sm font-semibold">
          Keyboard shortcuts
        </h2>
        <form method="dialog">
          <button type="submit" className="btn-secondary" aria-label="Close keyboard shortcuts">
            Close
          </button>
        </form>
      </div>
      {/* One grid for every section, each a subgrid of it: the keys and what they do line up. */}
      <div className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 px-4 py-3 text-xs">
        {shortcuts.map((group) => (
          <section key={group.section} className="col-span-2 grid grid-cols-subgrid gap-y-1">
            <h3 className="field-label col-span-2">{group.section}</h3>
            <dl className="col-span-2 grid grid-cols-subgrid gap-y-1">
              {group.keys.map((shortcut) => (
                <div key={shortcut.does} className="contents">
                  <dt className="flex gap-1">
                    {shortcut.keys.map((key, index) => (
                      <span key={key} className="flex items-center gap-1">
                        {index > 0 ? <span className="text-slate-500">or</span> : null}
                        <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono dark:border-slate-600 dark:bg-slate-800">
                          {key}
                        </kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>{shortcut.does}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </dialog>
  );
}
