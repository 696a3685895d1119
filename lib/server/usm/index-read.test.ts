import { beforeAll, describe, expect, it } from "vitest";
import type { RunningSimulator } from "@/simulator";
import { CLIENT, getToken, readAll, startTestSimulator } from "@/simulator/test-support";
import { MemoryStore } from "@/lib/server/store/memory";
import { testClient } from "@/test/usm-client";
import { fetchAlarm } from "./alarms";
import { BUDGET_CLASSES } from "./budget-classes";
import {
  countIndexBucket,
  indexedAlarmOf,
  PageSizeRefused,
  readIndexPage,
  type IndexWindow,
} from "./index-read";
import { MAX_RAW_TEXT } from "./index-text";

// The index's reads against the real simulator over HTTP: a window's pages newest first, with
// the events' names and the rest of the vendor's text, counts of a day and status, and a page
// size the simulator will not serve (it serves 1,000 at most) told apart from a failure.

let sim: RunningSimulator;
let token: string;

beforeAll(async () => {
  sim = await startTestSimulator({ alarms: 600, seed: 12 });
  token = await getToken(sim);
});

const client = () => testClient(sim, CLIENT, { deployment: "acme", store: new MemoryStore() });
const ALL: IndexWindow = { gte: 0, page: 0, size: 200 };

describe("the index's reads", () => {
  it("is a background class of its own, with a share of the budget and a short queue", () => {
    expect(BUDGET_CLASSES.index).toMatchObject({
      queue: "background",
      caller: "(index)",
      share: 0.2,
    });
    expect(BUDGET_CLASSES.index.maxQueuedPerCaller).toBeLessThanOrEqual(10);
    expect(client().budgetClass("index").share).toBe(0.2);
    const configured = testClient(sim, CLIENT, { shares: { index: 0.05 } });
    expect(configured.budgetClass("index").share).toBe(0.05);
  });

  it("reads a window newest first, each alarm with its events' names and other text", async () => {
    const upstream = await readAll(sim, token, "?size=1000&sort=timestamp_occured,desc");
    const page = await readIndexPage(ALL, client());
    expect(page.totalElements).toBe(upstream.length);
    expect(page.size).toBe(200);
    expect(page.alarms.map((a) => a.summary.uuid)).toEqual(
      upstream.slice(0, 200).map((a) => a.uuid),
    );
    const first = page.alarms[0]!;
    const vendor = upstream[0]!;
    expect(first.summary.deployment).toBe("acme");
    const names = vendor.events.map((event) => event.message.event_name);
    expect(first.eventNames).toEqual([...new Set(names)]);
    // Text the summary does not hold: an event's log line, say; never a link to the upstream.
    const log = vendor.events[0]!.message.log as string;
    expect(first.rawText).toContain(log.slice(0, 40));
    expect(first.rawText).not.toContain(sim.url.replace("http://", ""));
    for (const alarm of page.alarms) expect(alarm.rawText.length).toBeLessThanOrEqual(MAX_RAW_TEXT);
  });

  it("reads within the window's bounds, and a status when asked", async () => {
    const upstream = await readAll(sim, token, "?size=1000&sort=timestamp_occured,desc");
    const at = (i: number) => Number(upstream[i]!.timestamp_occured);
    const window = { gte: at(300), lte: at(100), page: 0, size: 1000 };
    const page = await readIndexPage(window, client());
    const expected = upstream.filter(
      (a) => at(300) <= +a.timestamp_occured && +a.timestamp_occured <= at(100),
    );
    expect(page.alarms.map((a) => a.summary.uuid)).toEqual(expected.map((a) => a.uuid));
    const closed = await readIndexPage({ ...window, status: "closed" }, client());
    expect(closed.alarms.every((a) => a.summary.status === "closed")).toBe(true);
    expect(closed.totalElements).toBe(expected.filter((a) => a.status === "closed").length);
    expect(await countIndexBucket({ ...window, status: "closed" }, client())).toBe(
      closed.totalElements,
    );
  });

  it("tells a page size the upstream refuses from a failure", async () => {
    const refused = await readIndexPage({ ...ALL, size: 2_000 }, client()).catch((e) => e);
    expect(refused).toBeInstanceOf(PageSizeRefused);
    expect((refused as PageSizeRefused).size).toBe(2_000);
    const served = await readIndexPage({ ...ALL, size: 1_000 }, client());
    expect(served.alarms).toHaveLength(600);
  });

  it("reports a large page the upstream fails as possibly too large, and a small one as a failure", async () => {
    sim.setFaults({ failRate: 1, failStatus: 503, routes: ["alarms"] });
    try {
      const large = await readIndexPage({ ...ALL, size: 500 }, client()).catch((e) => e);
      expect(large).toBeInstanceOf(PageSizeRefused);
      const small = await readIndexPage({ ...ALL, size: 50 }, client()).catch((e) => e);
      expect(small).not.toBeInstanceOf(PageSizeRefused);
      expect(small).toMatchObject({ code: "upstream_unavailable" });
    } finally {
      sim.setFaults({ failRate: 0 });
    }
  });

  it("shapes an alarm an analyst read as a page's alarm is shaped", async () => {
    const page = await readIndexPage({ ...ALL, size: 20 }, client());
    const listed = page.alarms[3]!;
    const detail = await fetchAlarm(listed.summary.uuid, { client: client(), analyst: "alice" });
    const read = indexedAlarmOf(detail);
    expect(read.summary).toEqual(listed.summary);
    expect(read.eventNames).toEqual(listed.eventNames);
    expect(Object.keys(read.summary)).toEqual(Object.keys(listed.summary));
  });
});
