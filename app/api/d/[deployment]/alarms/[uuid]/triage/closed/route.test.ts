import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDatabase, databaseState } from "@/lib/server/db";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { sharedStore } from "@/lib/server/store";
import { triageNotices } from "@/lib/server/triage/notices";
import { api } from "@/lib/shared/alarms/paths";
import { parseErrorBody } from "@/lib/shared/core/errors";
import type { AlarmTriage, TriageNotice } from "@/lib/shared/triage/types";
import { acmeSimulator } from "@/test/deployments-env";
import { indexedAlarm, testUuid } from "@/test/indexed-alarm";
import { sessionCookie } from "@/test/session-cookie";
import { GET } from "../route";
import { PUT as PUT_ACKNOWLEDGED } from "../acknowledged/route";
import { DELETE, PUT } from "./route";

// Closing an alarm for the team with a verdict, and reopening it, as Next calls the route: the
// verdict, reason and duplicate checked, the close acknowledging, the history and every replica
// told, the verdict's USM label queued where the deployment maps one, and a reopen taking both back.

const cookies = vi.hoisted(() => ({ jar: [] as { name: string; value: string }[] }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => cookies.jar }) }));

const FALSE_POSITIVE_LABEL = "5d1c6f0e-2b7a-4c1e-9f3a-8e2d4b6a0c11";
const dir = mkdtempSync(join(tmpdir(), "verdict-route-"));
const CREDS = { id: "route-verdict-client", secret: "route-verdict-secret-7c2d" };
acmeSimulator(
  CREDS,
  { alarms: 20 },
  {
    env: { INDEX_DIR: dir },
    acme: { labels: { false_positive: FALSE_POSITIVE_LABEL } },
    beforeEachTest: () => (cookies.jar = []),
  },
);
afterAll(async () => {
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
});

const ORIGIN = "http://console.test";
const params = (deployment: string, uuid: string) => ({
  params: Promise.resolve({ deployment, uuid }),
});
const request = (url: string, method: string, body?: unknown) =>
  new NextRequest(`${ORIGIN}${url}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

const close = (uuid: string, body: unknown, deployment = "acme") =>
  PUT(request(api.triage(deployment, uuid, "/closed"), "PUT", body), params(deployment, uuid));
const reopen = (uuid: string) =>
  DELETE(request(api.triage("acme", uuid, "/closed"), "DELETE"), params("acme", uuid));
const read = async (uuid: string) =>
  (await (
    await GET(request(api.triage("acme", uuid), "GET"), params("acme", uuid))
  ).json()) as AlarmTriage;

async function signIn(user: string) {
  cookies.jar = [await sessionCookie(`local:${user}`, user)];
}

async function database() {
  const state = await databaseState();
  if (!state.ok) throw new Error(state.reason);
  return state.database.db;
}

const jobsOf = async (uuid: string) =>
  (await database())
    .selectFrom("label_jobs")
    .select(["label_id", "wanted", "state", "requested_by"])
    .where("uuid", "=", uuid)
    .execute();

describe("Closing an alarm for the team", () => {
  const [one, two, three] = [testUuid(), testUuid(), testUuid()];
  beforeAll(async () => {
    const alarms = [one, two, three].map((uuid) => indexedAlarm({ uuid }));
    await ingestAlarms(await database(), "acme", alarms, 1);
    await ingestAlarms(await database(), "hidden", alarms, 1);
  });

  it("closes with a verdict and a reason, acknowledging it; every replica and the history hear of it", async () => {
    const board = triageNotices(sharedStore());
    const heard: TriageNotice[] = [];
    const stop = board.listen((notice) => heard.push(notice));
    await board.ready();
    await signIn("alice");
    const response = await close(one, {
      verdict: "true_positive",
      reason: "  Confirmed: INC-4711 ",
    });
    expect(response.status).toBe(200);
    const triage = (await response.json()) as AlarmTriage;
    expect(triage.closed).toEqual({
      by: "alice",
      at: expect.any(Number),
      verdict: "true_positive",
      reason: "Confirmed: INC-4711",
      duplicateOf: null,
    });
    expect(triage.acknowledged?.by).toBe("alice");
    expect(triage.label).toEqual({ state: "none" }); // Acme maps no label to true positives
    expect(triage.history.map((event) => event.action)).toEqual(
      expect.arrayContaining(["closed", "acknowledged"]),
    );
    stop();
    expect(heard).toEqual([
      expect.objectContaining({ uuids: [one], action: "closed", verdict: "true_positive" }),
    ]);
    // Closed is acknowledged: the acknowledgement is taken back only after a reopen.
    const unacknowledge = await PUT_ACKNOWLEDGED(
      request(api.triage("acme", one, "/acknowledged"), "PUT", { acknowledged: false }),
      params("acme", one),
    );
    expect(unacknowledge.status).toBe(409);
    expect(parseErrorBody(await unacknowledge.json())?.error.message).toBe(
      "The team closed this alarm: reopen it before taking back its acknowledgement.",
    );
    // The same close again changes nothing, and adds nothing to the history.
    const again = (await (
      await close(one, { verdict: "true_positive", reason: "Confirmed: INC-4711" })
    ).json()) as AlarmTriage;
    expect(again.history.filter((event) => event.action === "closed")).toHaveLength(1);
  });

  it("reopens it: the verdict goes, the acknowledgement stays; a second reopen changes nothing", async () => {
    await signIn("bob");
    expect((await reopen(one)).status).toBe(200);
    const triage = await read(one);
    expect(triage.closed).toBeNull();
    expect(triage.acknowledged?.by).toBe("alice");
    expect(triage.history.filter((event) => event.action === "reopened")).toEqual([
      expect.objectContaining({
        analyst: "bob",
        before: expect.objectContaining({
          closed: expect.objectContaining({ verdict: "true_positive", by: "alice" }),
        }),
      }),
    ]);
    await reopen(one);
    expect((await read(one)).history.filter((event) => event.action === "reopened")).toHaveLength(
      1,
    );
  });

  it("queues the mapped USM label on a close and its removal on a reopen", async () => {
    await signIn("alice");
    const closed = (await (await close(two, { verdict: "false_positive" })).json()) as AlarmTriage;
    expect(closed.label).toEqual({ state: "pending" });
    expect(await jobsOf(two)).toEqual([
      {
        label_id: FALSE_POSITIVE_LABEL,
        wanted: true,
        state: "pending",
        requested_by: "local:alice",
      },
    ]);
    await reopen(two);
    expect(await jobsOf(two)).toEqual([
      {
        label_id: FALSE_POSITIVE_LABEL,
        wanted: false,
        state: "pending",
        requested_by: "local:alice",
      },
    ]);
    // Closed again as benign (no label mapped): the false positive's label stays asked off.
    await close(two, { verdict: "benign" });
    expect(await jobsOf(two)).toEqual([expect.objectContaining({ wanted: false })]);
  });

  it("names the duplicated alarm, which must be another one that exists", async () => {
    await signIn("alice");
    const closed = (await (
      await close(three, { verdict: "duplicate", duplicateOf: two.toUpperCase() })
    ).json()) as AlarmTriage;
    expect(closed.closed).toMatchObject({ verdict: "duplicate", duplicateOf: two });
    const refused = async (body: unknown) => {
      const response = await close(three, body);
      expect(response.status).toBe(400);
      return parseErrorBody(await response.json())?.error;
    };
    expect(await refused({ verdict: "duplicate" })).toMatchObject({
      message: expect.stringContaining("duplicateOf"),
    });
    expect(await refused({ verdict: "benign", duplicateOf: two })).toMatchObject({
      message: expect.stringContaining("Only a duplicate"),
    });
    expect(await refused({ verdict: "duplicate", duplicateOf: three })).toMatchObject({
      param: "duplicateOf",
      message: "An alarm cannot duplicate itself.",
    });
    expect(await refused({ verdict: "duplicate", duplicateOf: testUuid() })).toMatchObject({
      param: "duplicateOf",
    });
    expect(await refused({ verdict: "closed" })).toMatchObject({
      message: expect.stringContaining("true_positive, false_positive, benign, duplicate"),
    });
    expect(await refused({ verdict: "benign", reason: "x".repeat(2_001) })).toMatchObject({
      message: expect.stringContaining("2,000"),
    });
    expect(await refused({ verdict: "benign", closedBy: "mallory" })).toBeTruthy();
    // Nothing refused changed the verdict.
    expect((await read(three)).closed).toMatchObject({ verdict: "duplicate", duplicateOf: two });
  });

  it("answers 404 alike for a deployment the analyst may not see and an unknown alarm", async () => {
    await signIn("alice");
    const hidden = await close(one, { verdict: "benign" }, "hidden");
    expect(hidden.status).toBe(404);
    expect((await close(testUuid(), { verdict: "benign" })).status).toBe(404);
  });
});
