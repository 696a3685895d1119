"use client";
// A note as written: plain text, never HTML, its line breaks kept, and its web addresses made
// into links (http and https only; they open in a new tab without the console as referrer).

import { Fragment } from "react";

const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** What usually ends a sentence rather than an address. */
const TRAILING = /[.,;:!?)\]}]+$/;

export function noteParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, "");
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: address, href: address });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function NoteText({ text }: { text: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap [overflow-wrap:anywhere]" data-note-text>
      {noteParts(text).map((part, index) =>
        part.href ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-blue-700 underline dark:text-blue-300"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
