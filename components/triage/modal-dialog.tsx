"use client";
// A modal dialog of the triage panel and the bulk bar (the close form, a take-over's question):
// open while `open` says so, Escape or a click on the backdrop closes it, and its content stays
// mounted when it closes, so a draft survives a Cancel.

import { type ReactNode, useEffect, useId, useRef } from "react";

export function ModalDialog({
  open,
  onClose,
  title,
  children,
  label,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** A data attribute's value, for tests and screenshots to find it. */
  label: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      data-triage-dialog={label}
      className="panel m-auto w-[min(32rem,calc(100vw-2rem))] p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:text-slate-100"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close(); // a click on the backdrop
      }}
    >
      <h2
        id={titleId}
        className="border-b border-slate-200 px-4 py-2 text-sm font-semibold dark:border-slate-700"
      >
        {title}
      </h2>
      <div className="px-4 py-3">{children}</div>
    </dialog>
  );
}
