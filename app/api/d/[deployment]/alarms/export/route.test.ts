import { NextRequest } from "next/server";
import { parse } from "csv-parse/sync";
import { describe, expect, it, vi } from "vitest";
import { api } from "@/lib/shared/alarms/paths";
import { parseErrorBody } from "@/lib/shared/core/errors";
import type { ExportPlan, ExportProgress } from "@/lib/shared/export/contract";
import { acmeSimulator } from "@/test/deployments-env";
import { sessionCookie } from "@/test/session-cookie";
import { GET as download } from "./route";
import { GET as plan } from "./plan/route";
import { DELETE as cancel, GET as progress } from "./[id]/route";

// The export's route files as Next calls them: the session check of the one wrapper, our error
// shape before a download starts, the plan, the file itself, its progress and its cancel, on the
// process's own client and store against the simulator over HTTP; a view only the index answers
// (a search, several values) answers 503 while this process has none. Only the request's cookies
// and the process's database are stood in for (next/headers reads cookies from Next's request
// scope; the process's own index would open a directory of the working tree).

const cookies = vi.hoisted(() => ({ jar: [] as { name: string; value: string }[] }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => cookies.jar }) }));
vi.mock("@/lib/server/db", async (original) => ({
  ...(await original<typeof import("@/lib/server/db")>()),
  databaseState: async () => ({ ok: false, reason: "no index in this test", retryAt: null }),
}));

const CREDS = { id: "route-export-client", secret: "route-export-secret-41bd" };
const ORIGIN = "http://console.test";
const world = acmeSimulator(
  CREDS,
  { alarms: 5000, rateLimit: false },
  { env: { EXPORT_MAX_ROWS: "4000" }, beforeEachTest: () => (cookies.jar = []) },
);

async function signIn(user: string): Promise<void> {
  cookies.jar = [await sessionCookie(user)];
}

type Handler = typeof download;
const call = (handler: Handler, path: string, params: Record<string, string>, method = "GET") =>
  handler(new NextRequest(`${ORIGIN}${path}`, { method, headers: { origin: ORIGIN } }), {
    params: Promise.resolve({ deployment: "acme", ...params }),
  });

async function errorOf(response: Response) {
  expect(response.headers.get("Content-Type")).toBe("application/json");
  return parseErrorBody(await response.json())?.error;
}

describe("the export's routes", () => {
  it("answer 401 in the one error shape when signed out, asking nothing upstream", async () => {
    const responses = [
      await call(download, api.export("acme", "?format=csv&id=abcdefgh1"), {}),
      await call(plan, api.exportPlan("acme"), {}),
      await call(progress, api.exportProgress("acme", "abcdefgh1"), { id: "abcdefgh1" }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(401);
      expect((await errorOf(response))?.code).toBe("unauthenticated");
    }
    expect(world.sim.stats().byRoute.alarms).toBe(0);
  });

  it("refuse bad parameters before any download starts, naming the parameter", async () => {
    await signIn("local:route.alice");
    for (const [search, param] of [
      ["?format=xls&id=abcdefgh1", "format"],
      ["?format=csv", "id"],
      ["?format=csv&id=no", "id"],
      ["?format=csv&id=abcdefgh1&status=bogus", "status"],
      ["?format=csv&id=abcdefgh1&tz=Mars/Olympus", "tz"],
      ["?format=csv&id=abcdefgh1&q=user:(alice", "q"],
      ["?format=csv&id=abcdefgh1&status=open&status=shut", "status"],
      ["?format=csv&format=json&id=abcdefgh1", "format"],
    ] as const) {
      const response = await call(download, api.export("acme", search), {});
      expect(response.status, search).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: "invalid_request", param });
    }
    const hidden = await call(download, api.export("hidden", "?format=csv&id=abcdefgh1"), {
      deployment: "hidden",
    });
    expect(hidden.status).toBe(404);
    expect(world.sim.stats().byRoute.alarms).toBe(0);
  });

  it("read a search or several values from the index: 503 while this process has none", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await signIn("local:route.alice");
    for (const response of [
      await call(download, api.export("acme", "?q=user:alice&format=csv&id=abcdefgh1"), {}),
      await call(plan, api.exportPlan("acme", "?status=open&status=in_review"), {}),
    ]) {
      expect(response.status).toBe(503);
      expect(await errorOf(response)).toMatchObject({
        code: "index_unavailable",
        message: expect.stringMatching(/no index in this test/),
      });
    }
    expect(world.sim.stats().byRoute.alarms).toBe(0);
    vi.restoreAllMocks();
  });

  it("plan a view: its count, the cap and the rolling range frozen", async () => {
    await signIn("local:route.alice");
    const before = Date.now();
    const response = await call(plan, api.exportPlan("acme", "?status=open&range=30d"), {});
    expect(response.status).toBe(200);
    const body = (await response.json()) as ExportPlan;
    expect(body.cap).toBe(4000);
    expect(body.total).toBeGreaterThan(0);
    expect(body.lte).toBeGreaterThanOrEqual(before);
    expect(body.lte).toBeLessThanOrEqual(Date.now());
    expect(body.lte - body.gte!).toBeLessThanOrEqual(30 * 86_400_000);
    // One value per filter, no search: USM answers it, and the plan says so for the dialog.
    expect(body.source).toBe("upstream");
  });

  it("download the view as a named file, with its progress for its owner only", async () => {
    await signIn("local:route.alice");
    const id = "route-export-0001";
    const response = await call(
      download,
      api.export("acme", `?status=open&priority_label=high&format=csv&id=${id}`),
      {},
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="acme-alarms-status-open-priority-high-\d{4}-\d{2}-\d{2}T\d{4}Z\.csv"/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store, no-transform");
    const rows = parse((await response.text()).replace(/^\uFEFF/, ""), { columns: true }) as {
      status: string;
      priority_label: string;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === "open" && row.priority_label === "high")).toBe(true);

    const mine = await call(progress, api.exportProgress("acme", id), { id });
    expect(mine.status).toBe(200);
    expect((await mine.json()) as ExportProgress).toMatchObject({
      id,
      state: "completed",
      rows: rows.length,
      total: rows.length,
    });

    await signIn("local:route.bob");
    for (const handler of [progress, cancel]) {
      const theirs = await call(
        handler,
        api.exportProgress("acme", id),
        { id },
        handler === cancel ? "DELETE" : "GET",
      );
      expect(theirs.status).toBe(404);
      expect((await errorOf(theirs))?.code).toBe("not_found");
    }
  });

  it("cancel a running export from a DELETE, which fails its download", async () => {
    await signIn("local:route.alice");
    const id = "route-export-0002";
    const response = await call(download, api.export("acme", `?format=ndjson&id=${id}`), {});
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    const stopped = await call(cancel, api.exportProgress("acme", id), { id }, "DELETE");
    expect(stopped.status).toBe(200);
    let failed = false;
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch {
      failed = true;
    }
    expect(failed).toBe(true);
    const after = (await (
      await call(progress, api.exportProgress("acme", id), { id })
    ).json()) as ExportProgress;
    expect(after.state).toBe("cancelled");
    expect(after.rows).toBeLessThan(4000);
  });
});
