// A link that, clicked plainly, stays on the page (the list asks only the API), and otherwise is
// a link: a new tab, a copied address, and a click before the page's scripts run all follow it.

export interface PageLinkTarget {
  href: string;
  /** A plain click stays on the page and asks only the API. */
  go: () => void;
}

/** A plain click stays on the page and asks only the API; a new tab (or window) gets the link. */
export function followHere(event: React.MouseEvent, target: PageLinkTarget): void {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
    return;
  event.preventDefault();
  target.go();
}
