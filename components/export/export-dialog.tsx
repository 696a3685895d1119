"use client";
// "Export": the button and its modal dialog, whose content is loaded when first wanted.

import { useRef, useState } from "react";
import { lazyComponent } from "@/components/lazy";
import type { ExportDialogProps } from "./export-dialog-body";

// "Export": a modal dialog (focus kept inside, Escape closes, focus back on the button) that says
// how many alarms the file will hold and the cap, then downloads natively (the browser streams
// the file to disk; nothing is held whole in the page) while it shows the progress and offers
// Cancel. Its content is not in the list's first load: it is fetched when the pointer comes over
// the button or focus reaches it, well before a click needs it.
const ExportDialogBody = lazyComponent(() =>
  import("./export-dialog-body").then((m) => m.ExportDialogBody),
);

/** The view's Export, of its scope: a deployment's alarms, several named ones' or every one's. */
export function ExportButton({ view, scope }: ExportDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn-secondary"
        aria-haspopup="dialog"
        onPointerEnter={ExportDialogBody.preload}
        onFocus={ExportDialogBody.preload}
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        Export
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="export-title"
        className="panel m-auto w-[min(30rem,calc(100vw-2rem))] p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:text-slate-100"
        onClose={() => {
          setOpen(false);
          button.current?.focus();
        }}
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close(); // a click on the backdrop
        }}
      >
        {open ? (
          <ExportDialogBody view={view} scope={scope} onClose={() => dialog.current?.close()} />
        ) : null}
      </dialog>
    </>
  );
}
