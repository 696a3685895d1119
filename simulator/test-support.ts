// Shared helpers for the conformance tests: start a simulator, get a token, call the API over
// real HTTP exactly as a client of the real service would.
import { afterAll, expect } from "vitest";
import { startSimulator } from "./server";
import type { LiveOptions, RunningSimulator, SimulatorOptions } from "./types";

/** A fixed anchor keeps timestamps, and so every test, reproducible. */
export const ANCHOR = Date.UTC(2024, 2, 15, 12, 0, 0);
export const CLIENT = { id: "test-client", secret: "test-secret" };

/** The fields list and member share. */
interface AlarmFields {
  uuid: string;
  priority: number;
  priority_label: string;
  status?: string;
  suppressed: boolean;
  rule_intent: string;
  rule_strategy: string;
  rule_method: string;
  timestamp_occured: string;
  timestamp_received: string;
  sensor_uuid: string;
  alarm_sensor_sources: string[];
  alarm_events_count: number;
  _links: { self: { href: string; templated: boolean } };
  [field: string]: unknown;
}

/** An alarm of a list page: events wrapped. */
export interface Alarm extends AlarmFields {
  events: Array<{
    _links: { self: { href: string; templated: boolean } };
    timeStamp: number;
    message: Record<string, unknown>;
  }>;
}

/** An event as the single-alarm endpoint sends it: flat, linking to itself. */
export interface FlatEvent {
  uuid: string;
  _links: { self: { href: string; templated: boolean } };
  [field: string]: unknown;
}

/** An alarm from GET /api/2.0/alarms/{uuid}: the list's fields, events flat. */
export interface MemberAlarm extends AlarmFields {
  events: FlatEvent[];
}

export interface Link {
  href: string;
  templated: boolean;
}

export interface AlarmPage {
  _links: Partial<Record<"first" | "prev" | "self" | "next" | "last", Link>>;
  _embedded?: { alarms: Alarm[] };
  page: { size: number; totalElements: number; totalPages: number; number: number };
}

export interface ErrorBody {
  result: string;
  location: string;
  error: string;
}

/** A clock a test moves by hand (epoch ms), for SimulatorOptions.now; starts at ANCHOR. */
interface TestClock {
  ms: number;
  now: () => number;
}

function testClock(start = ANCHOR): TestClock {
  const clock: TestClock = { ms: start, now: () => clock.ms };
  return clock;
}

function testOptions(options: SimulatorOptions): SimulatorOptions {
  return { port: 0, alarms: 500, anchor: ANCHOR, clients: [CLIENT], rateLimit: false, ...options };
}

// Every simulator a test file started, closed when the file is done. The hook is registered here,
// when the file's imports run (its collection), so a simulator started inside a beforeAll or a
// test is closed too: a hook registered from there would never run.
const running = new Set<RunningSimulator>();
afterAll(async () => {
  await Promise.all([...running].map((sim) => sim.close()));
  running.clear();
});

/** Starts a simulator on a free port, closed when its test file is done (wherever it starts). */
export async function startTestSimulator(
  options: SimulatorOptions = {},
): Promise<RunningSimulator> {
  const sim = await startSimulator(testOptions(options));
  running.add(sim);
  return sim;
}

/** A simulator for a whole test file and a token for it: the start of nearly every test file. */
interface TestSimulator {
  sim: RunningSimulator;
  token: string;
}

/** Starts a simulator for a whole test file (call at module level) and gets a token for it. */
export async function startWithToken(options: SimulatorOptions = {}): Promise<TestSimulator> {
  const sim = await startTestSimulator(options);
  return { sim, token: await getToken(sim) };
}

/** A simulator whose clock the test moves by hand (clock.ms). */
interface ClockedSimulator extends TestSimulator {
  clock: TestClock;
}

/**
 * Starts a simulator for a whole test file on a clock of its own, set to `start`, and gets a
 * token for it. Its tokens last a day unless `options` says otherwise, so that moving the clock
 * on does not expire the token the test holds.
 */
export async function startClocked(
  options: SimulatorOptions = {},
  start = ANCHOR,
): Promise<ClockedSimulator> {
  const clock = testClock(start);
  const started = await startWithToken({ tokenTtlSeconds: 86_400, ...options, now: clock.now });
  return { ...started, clock };
}

/**
 * A live simulator and the two a live test compares it with: `twin`, the same on a clock of its
 * own and otherwise never touched, shows what `sim` shows at the same clock reading; `still`, the
 * same data set without live mode, shows the generated alarms as they were built.
 */
interface LiveSimulator extends ClockedSimulator {
  twin: ClockedSimulator;
  still: TestSimulator;
}

/** Starts a live simulator, its twin and its still counterpart for a whole test file. */
export async function startLive(
  options: SimulatorOptions & { live: LiveOptions },
): Promise<LiveSimulator> {
  const { live: _live, ...stillOptions } = options;
  return {
    ...(await startClocked(options)),
    twin: await startClocked(options),
    still: await startWithToken(stillOptions),
  };
}

/** Runs `fn` against a simulator of its own, closed afterwards (for use inside a test). */
export async function withSimulator<T>(
  options: SimulatorOptions,
  fn: (sim: RunningSimulator) => Promise<T>,
): Promise<T> {
  const sim = await startSimulator(testOptions(options));
  try {
    return await fn(sim);
  } finally {
    await sim.close();
  }
}

export function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
}

/** A token the way most real clients ask for one: grant_type in the query, empty body. */
export async function getToken(sim: RunningSimulator, client = CLIENT): Promise<string> {
  const res = await fetch(`${sim.url}/api/2.0/oauth/token?grant_type=client_credentials`, {
    method: "POST",
    headers: { Authorization: basic(client.id, client.secret) },
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function get(url: string, token: string | null): Promise<Response> {
  return fetch(url, token === null ? {} : { headers: { Authorization: `Bearer ${token}` } });
}

/** POST a JSON body (a string goes as is) to the simulator's admin API, e.g. /_sim/alarms. */
export async function postAdmin(
  sim: RunningSimulator,
  path: string,
  body: unknown,
): Promise<Response> {
  return fetch(`${sim.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** GET a page of alarms; `query` is appended to /api/2.0/alarms as is. */
export async function getPage(
  sim: RunningSimulator,
  token: string,
  query = "",
): Promise<{ status: number; body: AlarmPage }> {
  const res = await get(`${sim.url}/api/2.0/alarms${query}`, token);
  return { status: res.status, body: (await res.json()) as AlarmPage };
}

export function alarmsOf(page: AlarmPage): Alarm[] {
  return page._embedded?.alarms ?? [];
}

/** Every alarm of a query, by following _links.next. */
export async function readAll(
  sim: RunningSimulator,
  token: string,
  query: string,
): Promise<Alarm[]> {
  const all: Alarm[] = [];
  let url: string | undefined = `${sim.url}/api/2.0/alarms${query}`;
  while (url) {
    const res = await get(url, token);
    const page = (await res.json()) as AlarmPage;
    all.push(...alarmsOf(page));
    url = page._links.next?.href;
  }
  return all;
}

/**
 * Asserts that GET /api/2.0/alarms?{query} is refused as the vendor refuses a bad parameter: a
 * 400 in the vendor's error layout that names `param`.
 */
export async function expectBadParameter(
  sim: RunningSimulator,
  token: string,
  query: string,
  param: string,
): Promise<void> {
  const res = await get(`${sim.url}/api/2.0/alarms?${query}`, token);
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body).toMatchObject({ result: "error", location: "/api/2.0/alarms" });
  expect(body.error).toContain(`'${param}'`);
}

/** GET /api/2.0/alarms/{uuid}/labels. */
export async function getLabels(
  sim: RunningSimulator,
  token: string | null,
  uuid: string,
): Promise<Response> {
  return get(`${sim.url}/api/2.0/alarms/${uuid}/labels`, token);
}

/** PUT (put on) or DELETE (take off) /api/2.0/alarms/{uuid}/labels/{labelId}. */
export async function writeLabel(
  sim: RunningSimulator,
  token: string | null,
  method: "PUT" | "DELETE",
  uuid: string,
  labelId: string,
): Promise<Response> {
  return fetch(`${sim.url}/api/2.0/alarms/${uuid}/labels/${labelId}`, {
    method,
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
  });
}
