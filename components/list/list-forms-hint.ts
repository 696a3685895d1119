// Server-safe: the page reads the hint, the list (./list-forms) corrects the guess.

/**
 * Which forms of the list to render: the table (md and up), the cards (below md), or both with
 * CSS showing the one that fits. The server can tell from Chromium's Sec-CH-UA-Mobile hint which
 * one a browser will show, and renders only that one (half the rows to send and hydrate);
 * without the hint it renders both.
 */
export type ListForms = "table" | "cards" | "both";

export function formsForMobileHint(hint: string | null): ListForms {
  if (hint === "?1") return "cards";
  if (hint === "?0") return "table";
  return "both";
}
