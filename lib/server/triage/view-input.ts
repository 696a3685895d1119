import "server-only";
import { z } from "zod";
import { VIEW_MAX_CHARS, VIEW_NAME_MAX } from "@/lib/shared/triage/saved-views";

// What the saved views' API accepts: strict bodies (an unknown field is refused, not ignored) of
// bounded size. What a name or an address may be is ./views.ts's to say, for every caller.

/** A view's body: its address and name, each character up to 6 bytes as JSON escapes it. */
export const VIEW_BODY_BYTES = (VIEW_MAX_CHARS + VIEW_NAME_MAX) * 6 + 1_024;

export const newViewInput = z
  .object({ name: z.string(), view: z.string(), shared: z.boolean() })
  .strict();

export const viewChangeInput = z
  .object({
    name: z.string().optional(),
    view: z.string().optional(),
    shared: z.boolean().optional(),
  })
  .strict()
  .refine(
    (change) => Object.values(change).some((value) => value !== undefined),
    "Send name, view or shared.",
  );
