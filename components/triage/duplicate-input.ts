// The close form's "duplicate of" field: the original alarm's uuid, or a console link to it pasted
// whole (the detail's address, from this console on any host). Client-safe and pure.

import { detailPathParts } from "@/lib/shared/alarms/paths";
import { isAlarmUuid } from "@/lib/shared/alarms/query";

export type DuplicateOf = { uuid: string } | { problem: string };

/** The alarm `text` names, of `deployment`, or why it names none. */
export function duplicateOf(text: string, deployment: string, self: string): DuplicateOf {
  const value = text.trim();
  if (!value) return { problem: "Name the alarm it duplicates: its uuid or a link to it." };
  let uuid = value;
  if (!isAlarmUuid(value)) {
    const parts = pathOf(value);
    if (!parts) return { problem: "That is neither an alarm's uuid nor a link to an alarm." };
    if (parts.deployment !== deployment) {
      return { problem: `That alarm is of deployment ${parts.deployment}, not of this one.` };
    }
    uuid = parts.uuid;
  }
  if (!isAlarmUuid(uuid)) return { problem: "That link does not name an alarm by its uuid." };
  if (uuid.toLowerCase() === self.toLowerCase()) {
    return { problem: "An alarm cannot duplicate itself." };
  }
  return { uuid: uuid.toLowerCase() };
}

function pathOf(value: string): { deployment: string; uuid: string } | null {
  try {
    // A whole link, or a path starting at /d/….
    return detailPathParts(new URL(value, "http://console.invalid").pathname);
  } catch {
    return null;
  }
}
