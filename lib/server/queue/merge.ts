// The newest alarms of several deployments merged into one queue, paged by cursor.
//
// Page numbers cannot merge honestly (page 3 of the whole is no page of any one deployment), so a
// page is read from a cursor that holds each deployment's own position, and each deployment is
// read from there by occurred time, the one thing its upstream filters and sorts by.
//
// The order: (occurredAt, deployment, uuid), newest first. Within a deployment that is
// (occurredAt, uuid); a position is an exclusive cut in it: an older page takes the alarms below
// the cut, a newer page the alarms above. Two sentinel uuids cut between whole milliseconds:
// [t, ""] lies below every alarm at t, [t, "~"] above every one (uuids are lowercase).
//
// The upstream orders alarms that share a millisecond arbitrarily, so which of them come first is
// known only once the whole millisecond has been read. A deployment is therefore read until
// `size` of its candidates lie in milliseconds read to the end (or it has nothing more), and only
// those take part in the merge: the page is the true nearest `size`, however many alarms share a
// millisecond, and without ties that costs one upstream call per deployment.
//
// After a page every deployment's position moves: one that showed alarms to its last shown (the
// way on) and its first (the way back); one that showed none to where the page's end cuts its
// order; one that failed nowhere, so its alarms come once it answers again.

export interface QueueAlarm {
  /** Lowercase, never empty: the sentinels "" and "~" must sort below and above it. */
  uuid: string;
  /** Epoch ms. */
  occurredAt: number;
}

export type Direction = "older" | "newer";

/** What one deployment's reader is asked: inclusive bound, sort implied by `direction` (older: desc, newer: asc). */
export interface SourceQuery {
  deployment: string;
  direction: Direction;
  /** older: lte; newer: gte; undefined = no bound (newest first). */
  boundMs: number | undefined;
  page: number;
  size: number;
}

export interface SourcePage<T> {
  alarms: T[];
  totalElements: number;
  /**
   * How many alarms the upstream page held, when the reader left some out (alarms it cannot
   * place in time): a short page means the end, a page the reader thinned does not.
   */
  returned?: number;
}

export type SourceReader<T extends QueueAlarm> = (query: SourceQuery) => Promise<SourcePage<T>>;

export interface QueueCursor {
  direction: Direction;
  /** Per deployment: exclusive position [occurredMs, uuidOrSentinel]; absent = at the top. */
  positions: Record<string, [number, string]>;
}

export interface AllPage<T> {
  /** Newest first, always (also for a "newer" page). */
  alarms: (T & { deployment: string })[];
  /** Null when nothing older exists in any deployment that answered. */
  older: QueueCursor | null;
  /** Null on the first (newest) page. */
  newer: QueueCursor | null;
  failures: { deployment: string; error: unknown }[];
}

type Position = [occurredMs: number, uuid: string];
type Entry<T> = { alarm: T; deployment: string };

const BELOW = "";
const ABOVE = "~";
/** Most alarms read from one deployment for one page: only a millisecond shared by more needs it. */
const MAX_READ = 10_000;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const comparePositions = (a: Position, b: Position) => a[0] - b[0] || compareText(a[1], b[1]);
const positionOf = (alarm: QueueAlarm): Position => [alarm.occurredAt, alarm.uuid];
const isSentinel = (position: Position) => position[1] === BELOW || position[1] === ABOVE;

/** The global order, ascending. */
const compareEntries = (a: Entry<QueueAlarm>, b: Entry<QueueAlarm>) =>
  a.alarm.occurredAt - b.alarm.occurredAt ||
  compareText(a.deployment, b.deployment) ||
  compareText(a.alarm.uuid, b.alarm.uuid);

/** Whether an alarm lies beyond a deployment's position the way a page goes. */
function isBeyond(direction: Direction, alarm: QueueAlarm, position: Position | undefined) {
  if (position === undefined) return direction === "older"; // the top: all is older, none newer
  const order = comparePositions(positionOf(alarm), position);
  return direction === "older" ? order < 0 : order > 0;
}

/**
 * Where the global boundary `b` cuts `deployment`'s own order. At b's millisecond, a deployment
 * sorting before b's has all its alarms below b, one sorting after has them all above: the same
 * cut whichever way the next page goes, so it serves both cursors.
 */
function cutAt(b: Entry<QueueAlarm>, deployment: string): Position {
  if (deployment === b.deployment) return positionOf(b.alarm);
  return [b.alarm.occurredAt, deployment < b.deployment ? ABOVE : BELOW];
}

/**
 * Of a position and a cut, the one leaving fewer alarms beyond it. For a deployment that showed
 * nothing both leave the same alarms, but the position is missing at the top (the way down), and
 * the cut is too loose when the position lags below the page (others catching up filled it).
 */
function tighter(
  direction: Direction,
  position: Position | undefined,
  cut: Position,
): Position | undefined {
  if (direction === "older") {
    return position === undefined || comparePositions(cut, position) < 0 ? cut : position;
  }
  if (position === undefined) return undefined;
  return comparePositions(cut, position) > 0 ? cut : position;
}

/**
 * A position a page was read from, as the cursor going back the other way must hold it. A
 * sentinel means the same both ways. An alarm's own position does not: the alarm itself was shown
 * on the page before, and the way back takes only what lies strictly beyond it, so it would be
 * lost. The cut widens to the edge of its millisecond instead, which can show alarms sharing that
 * millisecond once more on the way back; losing none matters more.
 */
function turnAround(direction: Direction, position: Position | undefined): Position | undefined {
  if (position === undefined || isSentinel(position)) return position;
  return [position[0], direction === "older" ? BELOW : ABOVE];
}

interface Source<T> {
  deployment: string;
  /** Its alarms beyond its position, nearest first. */
  candidates: T[];
  /** How many of the first candidates may be merged: their milliseconds were read to the end. */
  settled: number;
  exhausted: boolean;
}

async function readSource<T extends QueueAlarm>(
  read: SourceReader<T>,
  deployment: string,
  direction: Direction,
  position: Position | undefined,
  size: number,
): Promise<Source<T>> {
  const older = direction === "older";
  // A sentinel position leaves its millisecond wholly on one side, so the bound can skip it.
  let boundMs: number | undefined;
  if (position !== undefined) {
    const [ms, uuid] = position;
    boundMs = older ? (uuid === BELOW ? ms - 1 : ms) : uuid === ABOVE ? ms + 1 : ms;
  }
  if ((!older && position === undefined) || (boundMs !== undefined && boundMs < 0)) {
    return { deployment, candidates: [], settled: 0, exhausted: true };
  }
  // One alarm more than a page shows where the last candidate's millisecond ends; an inclusive
  // bound at an alarm's own position returns that alarm again, so one more for it.
  const pageSize = size + (position === undefined || isSentinel(position) ? 1 : 2);
  const seen = new Set<string>();
  const candidates: T[] = [];
  let edgeMs: number | undefined; // the farthest millisecond read
  for (let page = 0; ; page++) {
    const query = { deployment, direction, boundMs, page, size: pageSize };
    const { alarms, totalElements, returned = alarms.length } = await read(query);
    for (const alarm of alarms) {
      const ms = alarm.occurredAt;
      edgeMs = edgeMs === undefined ? ms : older ? Math.min(edgeMs, ms) : Math.max(edgeMs, ms);
      // Alarms arriving between two unbounded reads shift the pages: read twice, kept once.
      if (seen.has(alarm.uuid) || !isBeyond(direction, alarm, position)) continue;
      seen.add(alarm.uuid);
      candidates.push(alarm);
    }
    const exhausted = returned < pageSize || (page + 1) * pageSize >= totalElements;
    const settled = exhausted
      ? candidates.length
      : candidates.filter((alarm) => alarm.occurredAt !== edgeMs).length;
    if (exhausted || settled >= size) {
      const order = older ? -1 : 1;
      candidates.sort((a, b) => order * comparePositions(positionOf(a), positionOf(b)));
      return { deployment, candidates, settled, exhausted };
    }
    if ((page + 1) * pageSize >= MAX_READ) {
      throw new Error(`More than ${MAX_READ} alarms of ${deployment} share the time ${edgeMs}.`);
    }
  }
}

/**
 * One page of the list of every deployment: the `size` alarms nearest the cursor (the newest without one),
 * newest first, with the cursors to the pages either side. Every deployment is read at once; one
 * that fails is reported and keeps its position. A cursor onward is null when no deployment that
 * answered has anything beyond (a retry of the page shows what a failed one holds).
 */
export async function readAllPage<T extends QueueAlarm>(args: {
  deployments: string[];
  size: number;
  cursor: QueueCursor | null;
  read: SourceReader<T>;
}): Promise<AllPage<T>> {
  const { size, cursor, read } = args;
  if (!Number.isSafeInteger(size) || size < 1) {
    throw new RangeError(`Page size ${size} is not a whole number >= 1`);
  }
  const direction = cursor?.direction ?? "older";
  const older = direction === "older";
  const deployments = [...new Set(args.deployments)];
  // Own entries only: a deployment called "constructor" must not find Object's.
  const incoming = new Map(Object.entries(cursor?.positions ?? {}));

  const results = await Promise.allSettled(
    deployments.map((d) => readSource(read, d, direction, incoming.get(d), size)),
  );
  const sources: Source<T>[] = [];
  const failures: AllPage<T>["failures"] = [];
  results.forEach((result, i) => {
    if (result.status === "fulfilled") sources.push(result.value);
    else failures.push({ deployment: deployments[i]!, error: result.reason });
  });

  const order = older ? -1 : 1;
  const shown = sources
    .flatMap((s) =>
      s.candidates.slice(0, s.settled).map((alarm) => ({ alarm, deployment: s.deployment })),
    )
    .sort((a, b) => order * compareEntries(a, b))
    .slice(0, size);
  // Previous near the top finds less than a page: the user expects the first page, in full.
  if (!older && shown.length < size) return readAllPage({ ...args, cursor: null });

  const byDeployment = new Map<string, Entry<T>[]>();
  for (const entry of shown) {
    const own = byDeployment.get(entry.deployment);
    if (own) own.push(entry);
    else byDeployment.set(entry.deployment, [entry]);
  }
  const failed = new Set(failures.map((failure) => failure.deployment));
  const far = shown.at(-1); // the page's last alarm the way it goes
  const onward: QueueCursor["positions"] = {};
  const back: QueueCursor["positions"] = {};
  for (const d of deployments) {
    const position = incoming.get(d);
    const own = byDeployment.get(d);
    const [ahead, behind] = own
      ? [positionOf(own.at(-1)!.alarm), positionOf(own[0]!.alarm)]
      : [
          far && !failed.has(d) ? tighter(direction, position, cutAt(far, d)) : position,
          turnAround(direction, position),
        ];
    if (ahead) onward[d] = ahead;
    if (behind) back[d] = behind;
  }
  const more = sources.some(
    (s) => !s.exhausted || s.candidates.length > (byDeployment.get(s.deployment)?.length ?? 0),
  );
  const onwardCursor = more ? { direction, positions: onward } : null;
  const backCursor: QueueCursor = { direction: older ? "newer" : "older", positions: back };
  const alarms = (older ? shown : shown.toReversed()).map(({ alarm, deployment }) => ({
    ...alarm,
    deployment,
  }));
  return older
    ? { alarms, older: onwardCursor, newer: cursor === null ? null : backCursor, failures }
    : { alarms, older: backCursor, newer: onwardCursor, failures };
}
