import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDatabase, databaseState } from "@/lib/server/db";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { viewsApi, type SavedView, type SavedViews } from "@/lib/shared/triage/saved-views";
import { viewsMenu } from "@/lib/server/api/view-routes";
import { testAnalyst } from "@/test/analyst";
import { acmeSimulator } from "@/test/deployments-env";
import { sessionCookie } from "@/test/session-cookie";
import { DELETE, PATCH } from "./[id]/route";
import { GET, POST } from "./route";

// The saved views' route files as Next calls them: the session, writes from the console's own
// pages only, bodies checked with the wrong field named, and someone else's private view answered
// as one that does not exist; the views kept in this process's own database (PGlite in a
// directory of the test's).

const cookies = vi.hoisted(() => ({ jar: [] as { name: string; value: string }[] }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => cookies.jar }) }));

const dir = mkdtempSync(join(tmpdir(), "views-route-"));
const CREDS = { id: "route-views-client", secret: "route-views-secret-3b9e" };
acmeSimulator(
  CREDS,
  { alarms: 5 },
  { env: { INDEX_DIR: dir }, beforeEachTest: () => (cookies.jar = []) },
);
afterAll(async () => {
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
});

const ORIGIN = "http://console.test";

async function signIn(user: string) {
  cookies.jar = [await sessionCookie(user)];
}

function request(path: string, method: string, body?: unknown, origin = ORIGIN) {
  return new NextRequest(`${ORIGIN}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: origin },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const list = () =>
  GET(new NextRequest(`${ORIGIN}${viewsApi.list}`), { params: Promise.resolve({}) });
const save = (body: unknown, origin?: string) =>
  POST(request(viewsApi.list, "POST", body, origin), { params: Promise.resolve({}) });
const patch = (id: string, body: unknown) =>
  PATCH(request(viewsApi.one(id), "PATCH", body), { params: Promise.resolve({ id }) });
const remove = (id: string) =>
  DELETE(request(viewsApi.one(id), "DELETE"), { params: Promise.resolve({ id }) });

async function errorOf(response: Response) {
  return parseErrorBody(await response.json())?.error;
}

describe("/api/views", () => {
  // This process's database opened (and migrated) in a hook, not within a test's own time.
  beforeAll(async () => {
    const state = await databaseState();
    if (!state.ok) throw new Error(state.reason);
  });

  it("answers 401 when signed out, reading or writing", async () => {
    for (const response of [
      await list(),
      await save({ name: "x", view: "/d/acme/alarms", shared: false }),
    ]) {
      expect(response.status).toBe(401);
      expect((await errorOf(response))?.code).toBe("unauthenticated");
    }
  });

  it("refuses a save another site's page sends with the analyst's cookie, saving nothing", async () => {
    await signIn("local:route.mallory.target");
    const response = await save(
      { name: "Planted", view: "/d/acme/alarms", shared: true },
      "https://evil.example",
    );
    expect(response.status).toBe(403);
    expect((await errorOf(response))?.code).toBe("forbidden");
    expect(((await (await list()).json()) as SavedViews).views).toEqual([]);
  });

  it("names what is wrong with a body", async () => {
    await signIn("local:route.analyst");
    const cases: [unknown, string][] = [
      [{ name: "Mine", view: "https://evil.example/d/acme/alarms", shared: false }, "view"],
      [{ name: "Mine", view: "/d/hidden/alarms", shared: false }, "view"],
      [{ name: " ", view: "/d/acme/alarms", shared: false }, "name"],
      [{ name: "Mine", view: "/d/acme/alarms", shared: "yes" }, "shared"],
    ];
    for (const [body, param] of cases) {
      const response = await save(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: "invalid_request", param });
    }
    const unknownField = await save({
      name: "Mine",
      view: "/d/acme/alarms",
      shared: false,
      owner: "boss",
    });
    expect(unknownField.status).toBe(400);
  });

  it("saves, lists and lets only the maker change a view; another's private view is 404 as a made-up id", async () => {
    await signIn("local:route.maker");
    const created = await save({ name: "Open", view: "/d/acme/alarms?status=open", shared: false });
    expect(created.status).toBe(201);
    const secret = (await created.json()) as SavedView;
    expect(secret).toMatchObject({ name: "Open", owner: "route.maker", mine: true, shared: false });
    const team = (await (
      await save({ name: "Team", view: "/d/all/alarms", shared: true })
    ).json()) as SavedView;

    await signIn("local:route.teammate");
    const seen = ((await (await list()).json()) as SavedViews).views;
    expect(seen.map((view) => [view.name, view.owner, view.mine])).toEqual([
      ["Team", "route.maker", false],
    ]);
    const hidden = await patch(secret.id, { name: "Mine now" });
    const madeUp = await patch("3f2a9c1e-0000-4000-8000-00000000a11c", { name: "Mine now" });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual(await madeUp.json());
    expect((await remove(secret.id)).status).toBe(404);
    expect((await remove("not-an-id")).status).toBe(404);
    expect((await patch(team.id, { name: "Mine now" })).status).toBe(403);
    expect((await remove(team.id)).status).toBe(403);

    await signIn("local:route.maker");
    const renamed = await patch(team.id, { name: "Everyone's", shared: false });
    expect(await renamed.json()).toMatchObject({ name: "Everyone's", shared: false });
    expect((await patch(team.id, {})).status).toBe(400);
    expect((await remove(secret.id)).status).toBe(200);
    const left = ((await (await list()).json()) as SavedViews).views;
    expect(left.map((view) => view.name)).toEqual(["Everyone's"]);
  });

  it("answers 503 index_unavailable, saying why, where the database cannot be had", async () => {
    const unavailable = async () => ({
      ok: false as const,
      reason: "the PostgreSQL server (DATABASE_URL) cannot be reached",
      retryAt: null,
    });
    await expect(
      viewsMenu(testAnalyst("local:route.analyst"), { database: unavailable }),
    ).rejects.toMatchObject({
      code: "index_unavailable",
      message:
        "Saved views cannot be reached: the PostgreSQL server (DATABASE_URL) cannot be reached",
    });
  });
});
