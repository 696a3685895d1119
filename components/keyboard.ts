// Shared by every keyboard shortcut: a shortcut never fires while the analyst types.

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName);
}

/** A dialog, menu or listbox is open: Escape and letters belong to it first. */
export function isOverlayOpen(): boolean {
  return document.querySelector("dialog[open], [role=dialog], [aria-expanded=true]") !== null;
}

/** A key pressed with Ctrl, Cmd or Alt is the browser's or the system's, never ours. */
export function hasModifier(event: Pick<KeyboardEvent, "ctrlKey" | "metaKey" | "altKey">): boolean {
  return event.ctrlKey || event.metaKey || event.altKey;
}

/**
 * The team's keys on a list's focused row (components/list/row-keys.tsx), listed in the `?` help;
 * none of them is a key of the lists, the detail or the page (j k n p / . l d ? Esc).
 */
export const ROW_KEYS = { take: "t", acknowledge: "a", close: "c", select: "x" } as const;
