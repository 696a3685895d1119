import "server-only";
import { z } from "zod";
import type { QueueCursor } from "./merge";

// The list of every deployment's cursor as a link carries it: compact JSON in base64url, checked by a strict
// schema when it comes back (it travels in the URL, so from anyone), refused rather than guessed.

// The cursor travels in the URL, so from anyone: its size is capped before anything is decoded.
const MAX_CURSOR_TEXT = 16 * 1024;
const MAX_DEPLOYMENTS = 200;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const cursorSchema = z.strictObject({
  d: z.enum(["o", "n"]),
  p: z
    .record(
      z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/),
      z.tuple([z.int().nonnegative(), z.string().max(64)]),
    )
    .refine((positions) => Object.keys(positions).length <= MAX_DEPLOYMENTS),
});

export function encodeCursor(cursor: QueueCursor): string {
  // Never write what decodeCursor would refuse: Next would silently start over at the top.
  const compact = cursorSchema.parse({
    d: cursor.direction === "older" ? "o" : "n",
    p: cursor.positions,
  });
  const bytes = new TextEncoder().encode(JSON.stringify(compact));
  const text = btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
  if (text.length > MAX_CURSOR_TEXT) throw new RangeError("The cursor is too long for a URL");
  return text;
}

export function decodeCursor(text: string): QueueCursor | null {
  if (text.length > MAX_CURSOR_TEXT || !BASE64URL.test(text)) return null;
  let json: unknown;
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  const parsed = cursorSchema.safeParse(json);
  if (!parsed.success) return null;
  return { direction: parsed.data.d === "o" ? "older" : "newer", positions: parsed.data.p };
}
