// Alarm labels: the catalogue (each label's id and name) and the labels written onto alarms.
// Alarms carry label NAMES in `alarm_labels`, as they always did; the labels endpoints speak ids.
// Every name has one id, derived from the seed and the name (case-insensitively), so a label keeps
// its id across runs and resets, and a name nobody declared (a staged alarm's) still has one.
import { createHash } from "node:crypto";
import { z } from "zod";
import { AdminInputError } from "./admin-errors";
import type { SimLabel } from "./types";

/** The labels generated alarms draw from; every catalogue starts with them. */
export const SEEDED_LABELS = [
  "Investigating",
  "False Positive",
  "Escalated",
  "Known Scanner",
  "Pen Test",
] as const;

export const LABEL_MAX = 100;
/** A label's name: as the admin API takes it for a catalogue entry or a staged alarm's labels. */
export const labelName = z
  .string()
  .min(1)
  .max(LABEL_MAX)
  .refine((v) => v.trim() === v && !/\p{Cc}/u.test(v));
export const LABEL_NAME_RULE =
  `must be a non-empty string of at most ${LABEL_MAX} characters, ` +
  "without control characters or surrounding spaces";

const LabelBody = z.strictObject({ name: labelName });

/** The name of a new catalogue entry ({"name": ...}); bad input throws AdminInputError. */
export function parseLabelBody(body: unknown): string {
  const parsed = LabelBody.safeParse(body);
  if (parsed.success) return parsed.data.name;
  const issue = parsed.error.issues[0];
  if (issue?.code === "unrecognized_keys") {
    throw new AdminInputError(issue.keys[0] ?? "body", "unknown field");
  }
  if (issue?.path.length === 0) {
    throw new AdminInputError("body", 'must be a JSON object: {"name": "<label name>"}');
  }
  throw new AdminInputError("name", LABEL_NAME_RULE);
}

/** A name-based uuid (version 5 layout) of the seed and the name in lower case. */
export function labelId(seed: number, name: string): string {
  const h = createHash("sha1").update(`usm-sim-label/${seed}/${name.toLowerCase()}`).digest("hex");
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export class AlarmLabels {
  /** By id, in the order the entries came: the seeded ones first. */
  private readonly catalogue = new Map<string, SimLabel>();
  /** The names of alarms whose labels were written, by uuid index. */
  private readonly written = new Map<number, readonly string[]>();

  constructor(private readonly seed: number) {
    this.reset();
  }

  list(): SimLabel[] {
    return [...this.catalogue.values()].map((label) => ({ ...label }));
  }

  find(id: string): SimLabel | undefined {
    return this.catalogue.get(id.toLowerCase());
  }

  /** The entry of a name, case-insensitively; a new name becomes one (`created`). */
  entry(name: string): { label: SimLabel; created: boolean } {
    const id = labelId(this.seed, name);
    const known = this.catalogue.get(id);
    if (known) return { label: { ...known }, created: false };
    const label = { id, name };
    this.catalogue.set(id, label);
    return { label: { ...label }, created: true };
  }

  /** The ids of an alarm's label names, without repeats; a name without an entry gets one. */
  ids(names: readonly string[]): string[] {
    return [...new Set(names.map((name) => this.entry(name).label.id))];
  }

  /** The names written on an alarm; undefined while it carries what it was built with. */
  writtenOn(index: number): readonly string[] | undefined {
    return this.written.get(index);
  }

  /** Puts a label on an alarm that carries `names`; already on (by any case of it): no change. */
  put(index: number, names: readonly string[], label: SimLabel): void {
    if (names.some((name) => this.entry(name).label.id === label.id)) return;
    this.written.set(index, [...names, label.name]);
  }

  /** Takes a label off an alarm that carries `names` (every case of it); not on: no change. */
  remove(index: number, names: readonly string[], label: SimLabel): void {
    const kept = names.filter((name) => this.entry(name).label.id !== label.id);
    if (kept.length < names.length) this.written.set(index, kept);
  }

  /** Back to the seeded catalogue, every alarm carrying what it was built with. */
  reset(): void {
    this.written.clear();
    this.catalogue.clear();
    for (const name of SEEDED_LABELS) this.entry(name);
  }
}
