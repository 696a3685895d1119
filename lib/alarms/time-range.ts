// Time-range presets for the list filter. A preset is written into the URL as absolute epoch ms
// bounds, never as "last 24h", so that a shared link shows the recipient exactly what the sender
// saw. Client-safe.

export const TIME_PRESETS = [
  { id: "1h", label: "Last 1 hour", ms: 3600_000 },
  { id: "24h", label: "Last 24 hours", ms: 24 * 3600_000 },
  { id: "7d", label: "Last 7 days", ms: 7 * 24 * 3600_000 },
  { id: "30d", label: "Last 30 days", ms: 30 * 24 * 3600_000 },
] as const;

export type TimePresetId = (typeof TIME_PRESETS)[number]["id"];

/** Absolute bounds for a preset, on whole seconds so that links stay readable. */
export function presetRange(id: TimePresetId, now: number): { gte: number; lte: number } {
  const preset = TIME_PRESETS.find((candidate) => candidate.id === id) ?? TIME_PRESETS[1];
  const lte = Math.ceil(now / 1000) * 1000;
  return { gte: lte - preset.ms, lte };
}

/** A short description of a range's length ("24 hours"), when it is one of the presets. */
export function describeSpan(gte: number | undefined, lte: number | undefined): string | null {
  if (gte === undefined || lte === undefined) return null;
  const preset = TIME_PRESETS.find((candidate) => candidate.ms === lte - gte);
  return preset ? preset.label.replace(/^Last /, "") : null;
}
