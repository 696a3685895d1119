import { RANGES, RANGE_MS, type RangeId } from "./query";

// The rolling ranges the filter offers. A range lives in the URL as `range=24h` and is resolved
// at each request (see resolveRange in ./query), so a reload or tomorrow's click on the link
// shows the last 24 hours as of then; "Copy link: these exact alarms" freezes it. Client-safe.

const NAMES: Record<RangeId, string> = {
  "1h": "Last hour",
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
};

export const TIME_PRESETS = RANGES.map((id) => ({ id, label: NAMES[id], ms: RANGE_MS[id] }));

export function rangeName(id: RangeId): string {
  return NAMES[id];
}
