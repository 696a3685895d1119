import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDatabase, databaseState } from "@/lib/server/db";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { sharedStore } from "@/lib/server/store";
import { MemoryStore } from "@/lib/server/store/memory";
import { triageNotices } from "@/lib/server/triage/notices";
import { putAcknowledged } from "@/lib/server/api/triage-routes";
import { deploymentRegistry } from "@/lib/server/deployments/registry";
import { api } from "@/lib/shared/alarms/paths";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { NOTE_MAX_CHARS, type AlarmTriage, type TriageNotice } from "@/lib/shared/triage/types";
import { testAnalyst } from "@/test/analyst";
import { acmeSimulator } from "@/test/deployments-env";
import { indexedAlarm, testUuid } from "@/test/indexed-alarm";
import { sessionCookie } from "@/test/session-cookie";
import { GET } from "./route";
import { PUT as PUT_OWNER } from "./owner/route";
import { POST as POST_NOTE } from "./notes/route";

// The triage routes as Next calls them: the session, 404 alike for a deployment the analyst may
// not see and for an alarm nobody knows (which gains no triage state), the write guard, bodies
// checked and bounded, a take racing another refused naming the winner, notes kept as text,
// and each change told to every replica.

const cookies = vi.hoisted(() => ({ jar: [] as { name: string; value: string }[] }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => cookies.jar }) }));

const dir = mkdtempSync(join(tmpdir(), "triage-route-"));
const CREDS = { id: "route-triage-client", secret: "route-triage-secret-5e1b" };
acmeSimulator(
  CREDS,
  { alarms: 20 },
  { env: { INDEX_DIR: dir }, beforeEachTest: () => (cookies.jar = []) },
);
afterAll(async () => {
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
});

const ORIGIN = "http://console.test";
const params = (deployment: string, uuid: string) => ({
  params: Promise.resolve({ deployment, uuid }),
});

function request(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): NextRequest {
  return new NextRequest(`${ORIGIN}${url}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body !== undefined && { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

const take = (deployment: string, uuid: string, body: unknown, headers?: Record<string, string>) =>
  PUT_OWNER(
    request(api.triage(deployment, uuid, "/owner"), "PUT", body, headers),
    params(deployment, uuid),
  );
const note = (uuid: string, body: unknown) =>
  POST_NOTE(request(api.triage("acme", uuid, "/notes"), "POST", body), params("acme", uuid));
const read = (deployment: string, uuid: string) =>
  GET(request(api.triage(deployment, uuid), "GET"), params(deployment, uuid));

async function signIn(user: string) {
  cookies.jar = [await sessionCookie(`local:${user}`, user)];
}

async function errorOf(response: Response) {
  return parseErrorBody(await response.json())?.error;
}

describe("The triage routes", () => {
  const known = testUuid();
  beforeAll(async () => {
    const state = await databaseState();
    if (!state.ok) throw new Error(state.reason);
    await ingestAlarms(state.database.db, "acme", [indexedAlarm({ uuid: known })], 1);
    await ingestAlarms(state.database.db, "hidden", [indexedAlarm({ uuid: known })], 1);
  });

  it("answers 401 signed out, and 404 alike for a deployment the analyst may not see", async () => {
    expect((await read("acme", known)).status).toBe(401);
    await signIn("alice");
    const hidden = await take("hidden", known, { owner: "alice" });
    const nowhere = await take("nowhere", known, { owner: "alice" });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual(await nowhere.json());
    expect((await read("hidden", known)).status).toBe(404);
  });

  it("gives no triage to an alarm neither the index nor the upstream knows", async () => {
    await signIn("alice");
    const unknown = testUuid();
    const response = await take("acme", unknown, { owner: "alice" });
    expect(response.status).toBe(404);
    const state = await databaseState();
    if (!state.ok) throw new Error(state.reason);
    const rows = await state.database.db
      .selectFrom("triage_alarms")
      .select("uuid")
      .where("uuid", "=", unknown)
      .execute();
    expect(rows).toEqual([]);
    expect((await take("acme", "not-a-uuid", { owner: "alice" })).status).toBe(404);
  });

  it("lets the first take win and tells the second who has the alarm; every replica hears of it", async () => {
    const board = triageNotices(sharedStore());
    const heard: TriageNotice[] = [];
    const stop = board.listen((notice) => heard.push(notice));
    await board.ready();
    await signIn("bob"); // bob is one of the team once he has used the console
    expect((await read("acme", known)).status).toBe(200);
    await signIn("alice");
    const first = await take("acme", known, { owner: "alice", from: null });
    expect(first.status).toBe(200);
    expect(((await first.json()) as AlarmTriage).owner).toBe("alice");
    await signIn("bob");
    const second = await take("acme", known, { owner: "bob", from: null });
    expect(second.status).toBe(409);
    expect(await errorOf(second)).toMatchObject({
      code: "conflict",
      message: "alice has this alarm.",
    });
    // Giving the alarm to someone who may not see the deployment is refused, naming the field.
    const outsider = await take("acme", known, { owner: "mallory", from: "alice" });
    expect(outsider.status).toBe(400);
    expect(await errorOf(outsider)).toMatchObject({ param: "owner" });
    stop();
    expect(heard).toEqual([
      expect.objectContaining({
        deployment: "acme",
        uuids: [known],
        action: "owner",
        owner: "alice",
        analyst: "alice",
      }),
    ]);
    const triage = (await (await read("acme", known)).json()) as AlarmTriage;
    expect(triage.history.map((event) => [event.analyst, event.action])).toEqual(
      expect.arrayContaining([
        ["alice", "owner"],
        ["bob", "opened"],
      ]),
    );
  });

  it("records no opening for a read another site's link caused", async () => {
    await signIn("carol");
    const response = await GET(
      request(api.triage("acme", known, ""), "GET", undefined, { "sec-fetch-site": "cross-site" }),
      params("acme", known),
    );
    expect(response.status).toBe(200);
    const triage = (await response.json()) as AlarmTriage;
    expect(triage.history.some((event) => event.analyst === "carol")).toBe(false);
  });

  it("refuses a write from another site, changing nothing", async () => {
    await signIn("alice");
    const uuid = testUuid();
    const state = await databaseState();
    if (!state.ok) throw new Error(state.reason);
    await ingestAlarms(state.database.db, "acme", [indexedAlarm({ uuid })], 1);
    const response = await take(
      "acme",
      uuid,
      { owner: "alice" },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: "forbidden" });
    expect(((await (await read("acme", uuid)).json()) as AlarmTriage).owner).toBeNull();
  });

  it("keeps a hostile note as text, and refuses an empty, oversized, NUL-bearing or non-JSON one naming why", async () => {
    await signIn("alice");
    const hostile = '<img src=x onerror="alert(1)"> \u202Eevil\u202C 👩‍💻 \uD800';
    const added = await note(known, { text: hostile });
    expect(added.status).toBe(200);
    const texts = ((await added.json()) as AlarmTriage).notes.map((n) => n.text);
    expect(texts).toContain(hostile.replace("\uD800", "\uFFFD"));
    for (const [body, param] of [
      [{ text: "   " }, "text"],
      [{ text: "x".repeat(NOTE_MAX_CHARS + 1) }, "text"],
      [{ text: "a\u0000b" }, "text"],
      [{ text: "ok", html: "<b>" }, undefined],
      ["{not json", undefined],
    ] as const) {
      const response = await note(known, body);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect((await errorOf(response))?.param).toBe(param);
    }
    const huge = await note(known, { text: "x".repeat(NOTE_MAX_CHARS * 7) });
    expect(await errorOf(huge)).toMatchObject({ code: "invalid_request" });
  });

  it("holds each analyst to a bounded rate of writes, on the store's clock", async () => {
    let now = 0;
    const store = new MemoryStore({ now: () => now });
    const deployment = deploymentRegistry().get("acme", testAnalyst("local:carol"));
    const input = {
      analyst: testAnalyst("local:carol"),
      deployment,
      call: { analyst: "local:carol", client: deployment.client() },
    };
    const acknowledge = (value: boolean) =>
      putAcknowledged(input, known, { acknowledged: value }, { store });
    const outcomes: string[] = [];
    for (let i = 0; i < 45; i += 1) {
      outcomes.push(
        await acknowledge(i % 2 === 0).then(
          () => "done",
          (error: { code: string }) => error.code,
        ),
      );
    }
    expect(outcomes.slice(0, 40).every((outcome) => outcome === "done")).toBe(true);
    expect(outcomes.slice(40)).toEqual(Array(5).fill("rate_limited"));
    now += 1_000; // a second later, ten more may go
    expect(await acknowledge(true).then(() => "done")).toBe("done");
  });
});
