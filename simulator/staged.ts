// What the admin API fixed about an added alarm beyond its columns: who it involves (addresses,
// hosts, users) and its labels. Kept on the alarm's row; alarm-builder lays it over what it draws,
// so the alarm, its sources/destinations and its events all say the same. Simulator only.
import type { Endpoint } from "./endpoints";

export interface StagedEndpoint extends Omit<Endpoint, "eventCount"> {
  /** null: a share of what the staged counts leave of the alarm's events. */
  eventCount: number | null;
}

export interface Staged {
  sources?: readonly StagedEndpoint[];
  destinations?: readonly StagedEndpoint[];
  /** Names the first drawn source when no sources were staged (staged ones carry their names). */
  sourceName?: string;
  destinationName?: string;
  sourceUsername?: string;
  destinationUsername?: string;
  labels?: readonly string[];
}

/** One side's endpoints: the staged ones with their event counts settled, else the drawn ones. */
export function stagedSide(
  drawn: Endpoint[],
  staged: readonly StagedEndpoint[] | undefined,
  name: string | undefined,
  eventsCount: number,
): Endpoint[] {
  if (staged) return withCounts(staged, eventsCount);
  if (name === undefined) return drawn;
  return drawn.map((endpoint, i) => (i === 0 ? { ...endpoint, name } : endpoint));
}

/** Endpoints without a staged count share what the others leave, the first ones a unit more. */
function withCounts(staged: readonly StagedEndpoint[], total: number): Endpoint[] {
  const given = staged.reduce((sum, e) => sum + (e.eventCount ?? 0), 0);
  const open = staged.filter((e) => e.eventCount === null).length;
  const left = Math.max(0, total - given);
  let k = 0;
  return staged.map((endpoint) => {
    if (endpoint.eventCount !== null) return { ...endpoint, eventCount: endpoint.eventCount };
    const share = Math.floor(left / open) + (k++ < left % open ? 1 : 0);
    return { ...endpoint, eventCount: share };
  });
}
