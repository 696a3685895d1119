import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterAll, expect, it, vi } from "vitest";
import { closeDatabase, databaseState } from "@/lib/server/db";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { api } from "@/lib/shared/alarms/paths";
import type { AlarmTriage } from "@/lib/shared/triage/types";
import { acmeSimulator } from "@/test/deployments-env";
import { indexedAlarm, testUuid } from "@/test/indexed-alarm";
import { sessionCookie } from "@/test/session-cookie";
import { PUT } from "../../closed/route";
import { POST } from "./route";

// An analyst's Retry of a verdict's USM label that failed for good, as Next calls the route: the
// label waits to be written again, its attempts counted anew; a label that did not fail is left.

const cookies = vi.hoisted(() => ({ jar: [] as { name: string; value: string }[] }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => cookies.jar }) }));

const LABEL = "7a2e9c41-0d3b-4f6e-8c1a-5b9d2e4f6a80";
const dir = mkdtempSync(join(tmpdir(), "label-retry-route-"));
const CREDS = { id: "route-label-client", secret: "route-label-secret-4e8b" };
acmeSimulator(
  CREDS,
  { alarms: 5 },
  { env: { INDEX_DIR: dir }, acme: { labels: { false_positive: LABEL } } },
);
afterAll(async () => {
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
});

const request = (url: string, method: string, body?: unknown) =>
  new NextRequest(`http://console.test${url}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
const params = (uuid: string) => ({ params: Promise.resolve({ deployment: "acme", uuid }) });

async function database() {
  const state = await databaseState();
  if (!state.ok) throw new Error(state.reason);
  return state.database.db;
}

it("queues a label that failed for good again, and leaves one that did not fail", async () => {
  const uuid = testUuid();
  await ingestAlarms(await database(), "acme", [indexedAlarm({ uuid })], 1);
  cookies.jar = [await sessionCookie("local:alice", "alice")];
  const closed = await PUT(
    request(api.triage("acme", uuid, "/closed"), "PUT", { verdict: "false_positive" }),
    params(uuid),
  );
  expect(((await closed.json()) as AlarmTriage).label).toEqual({ state: "pending" });
  const retry = async () => {
    const response = await POST(
      request(api.triage("acme", uuid, "/label/retry"), "POST"),
      params(uuid),
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as AlarmTriage).label;
  };
  const jobs = () =>
    database().then((db) =>
      db.selectFrom("label_jobs").select(["state", "attempts"]).where("uuid", "=", uuid).execute(),
    );
  // Pending: nothing to retry.
  expect(await retry()).toEqual({ state: "pending" });
  // As the worker leaves a label USM did not know, after its attempt.
  const message = `USM knows no label ${LABEL} (404): check labels.false_positive in the configuration of Acme`;
  await (
    await database()
  )
    .updateTable("label_jobs")
    .set({ state: "failed", attempts: 1, message })
    .where("uuid", "=", uuid)
    .execute();
  expect(await retry()).toEqual({ state: "pending" });
  expect(await jobs()).toEqual([{ state: "pending", attempts: 0 }]);
});

it("lets go of a label the configuration no longer names, and queues the one it names now", async () => {
  const uuid = testUuid();
  await ingestAlarms(await database(), "acme", [indexedAlarm({ uuid })], 1);
  cookies.jar = [await sessionCookie("local:alice", "alice")];
  await PUT(
    request(api.triage("acme", uuid, "/closed"), "PUT", { verdict: "false_positive" }),
    params(uuid),
  );
  // Closed while the configuration named another label, which USM did not know; the operator
  // has since fixed labels.false_positive (LABEL) and restarted the console.
  const old = "0c4e2f7a-9b1d-4a3e-8f6c-2d5b7e9a1c30";
  await (
    await database()
  )
    .updateTable("label_jobs")
    .set({ label_id: old, state: "failed", attempts: 1, message: "USM knows no label (404)" })
    .where("uuid", "=", uuid)
    .execute();
  const response = await POST(
    request(api.triage("acme", uuid, "/label/retry"), "POST"),
    params(uuid),
  );
  expect(((await response.json()) as AlarmTriage).label).toEqual({ state: "pending" });
  const jobs = await (
    await database()
  )
    .selectFrom("label_jobs")
    .select(["label_id", "wanted", "state"])
    .where("uuid", "=", uuid)
    .execute();
  expect(jobs).toEqual([{ label_id: LABEL, wanted: true, state: "pending" }]);
});
