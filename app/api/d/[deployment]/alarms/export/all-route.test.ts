import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type ConsoleDatabase, type DatabaseState } from "@/lib/server/db";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { api } from "@/lib/shared/alarms/paths";
import { parseErrorBody } from "@/lib/shared/core/errors";
import type { ExportPlan, ExportProgress } from "@/lib/shared/export/contract";
import { acmeSimulator } from "@/test/deployments-env";
import { csvRows } from "@/test/export-support";
import { indexedAlarm } from "@/test/indexed-alarm";
import { sessionCookie } from "@/test/session-cookie";
import { GET as download, POST as post } from "./route";
import { GET as plan } from "./plan/route";
import { DELETE as cancel, GET as progress } from "./[id]/route";

// The export of every deployment (the path's `all`) through the route files of the one tree, as
// Next calls them: the session check of the one wrapper, the deployments the registry lets each
// analyst see (Hidden: only boss), 400 before anything is read, 503 index_unavailable while this
// process has no index, the file itself, its progress for its owner only, and the write guard on
// cancel. Only the
// request's cookies and this process's database are stood in for (next/headers reads cookies from
// Next's request scope; the process's own index would open a directory of the working tree).

const cookies = vi.hoisted(() => ({ jar: [] as { name: string; value: string }[] }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => cookies.jar }) }));
const index = vi.hoisted(() => ({
  state: { ok: false, reason: "no index in this test yet", retryAt: null } as unknown,
}));
vi.mock("@/lib/server/db", async (original) => ({
  ...(await original<typeof import("@/lib/server/db")>()),
  databaseState: async () => index.state as DatabaseState,
}));

const CREDS = { id: "route-all-export-client", secret: "route-all-export-secret-93c1" };
const ORIGIN = "http://console.test";
acmeSimulator(CREDS, { alarms: 10 }, { beforeEachTest: () => (cookies.jar = []) });

async function signIn(user: string): Promise<void> {
  cookies.jar = [await sessionCookie(user)];
}

type Handler = typeof download;
const call = (
  handler: Handler,
  path: string,
  params = {},
  { method = "GET", origin = ORIGIN }: { method?: string; origin?: string } = {},
) =>
  handler(new NextRequest(`${ORIGIN}${path}`, { method, headers: { origin } }), {
    params: Promise.resolve({ deployment: "all", ...params }),
  });

async function errorOf(response: Response) {
  expect(response.headers.get("Content-Type")).toBe("application/json");
  return parseErrorBody(await response.json())?.error;
}

const T = 1_764_000_000_000;

describe("the queue of every deployment's export routes", () => {
  it("answer 401 in the one error shape when signed out, and 405 naming what they take", async () => {
    for (const response of [
      await call(download, api.export("all", "?format=csv&id=abcdefgh1")),
      await call(plan, api.exportPlan("all")),
      await call(progress, api.exportProgress("all", "abcdefgh1"), { id: "abcdefgh1" }),
      await call(
        cancel,
        api.exportProgress("all", "abcdefgh1"),
        { id: "abcdefgh1" },
        {
          method: "DELETE",
        },
      ),
    ]) {
      expect(response.status).toBe(401);
      expect((await errorOf(response))?.code).toBe("unauthenticated");
    }
    const posted = await call(post, api.export("all"), {}, { method: "POST" });
    expect(posted.status).toBe(405);
    expect(posted.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("answer 503 index_unavailable saying why while this process has no index, after a 400", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await signIn("local:route.alice");
    for (const response of [
      await call(plan, api.exportPlan("all", "?q=alice")),
      await call(download, api.export("all", "?format=csv&id=abcdefgh1")),
    ]) {
      expect(response.status).toBe(503);
      const error = await errorOf(response);
      expect(error?.code).toBe("index_unavailable");
      expect(error?.message).toMatch(/no index in this test yet/);
    }
    // Hidden is boss's alone: to alice it is no deployment at all.
    const hidden = await call(plan, api.exportPlan("all", "?deployments=hidden"));
    expect(hidden.status).toBe(400);
    expect(await errorOf(hidden)).toMatchObject({ code: "invalid_request", param: "deployments" });
    vi.restoreAllMocks();
  });

  describe("with an index", () => {
    let database: ConsoleDatabase;
    beforeAll(async () => {
      database = await openDatabase({ dir: "memory://" });
      const alarms = (deployment: string, n: number) =>
        Array.from({ length: n }, (_, i) =>
          indexedAlarm({ deployment, occurredAt: T - i * 1000, status: "open" }),
        );
      await ingestAlarms(database.db, "acme", alarms("acme", 12), 1);
      await ingestAlarms(database.db, "hidden", alarms("hidden", 5), 1);
      index.state = { ok: true, database };
    });
    afterAll(async () => {
      index.state = { ok: false, reason: "closed", retryAt: null };
      await database.close();
    });

    const planOf = async (search: string) => {
      const response = await call(plan, api.exportPlan("all", search));
      expect(response.status, search).toBe(200);
      return (await response.json()) as ExportPlan;
    };

    it("write each analyst's deployments only, with the progress for its owner only", async () => {
      await signIn("local:route.alice");
      expect((await planOf("?status=open&status=closed")).total).toBe(12);
      const id = "all-export-route-1";
      const response = await call(download, api.export("all", `?status=open&format=csv&id=${id}`));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Disposition")).toMatch(
        /^attachment; filename="all-deployments-alarms-status-open-\d{4}-\d\d-\d\dT\d{4}Z\.csv"/,
      );
      const rows = csvRows(await response.text());
      expect(rows).toHaveLength(12);
      expect(rows.every((row) => row.deployment === "acme")).toBe(true);
      const mine = await call(progress, api.exportProgress("all", id), { id });
      expect((await mine.json()) as ExportProgress).toMatchObject({ state: "completed", rows: 12 });

      const elsewhere = await call(
        cancel,
        api.exportProgress("all", id),
        { id },
        { method: "DELETE", origin: "https://elsewhere.example" },
      );
      expect(elsewhere.status).toBe(403);
      expect((await errorOf(elsewhere))?.code).toBe("forbidden");

      await signIn("local:boss");
      expect((await planOf("")).total).toBe(17);
      expect((await planOf("?deployments=hidden")).total).toBe(5);
      for (const [handler, method] of [
        [progress, "GET"],
        [cancel, "DELETE"],
      ] as const) {
        const theirs = await call(handler, api.exportProgress("all", id), { id }, { method });
        expect(theirs.status).toBe(404);
        expect((await errorOf(theirs))?.code).toBe("not_found");
      }
    });
  });
});
