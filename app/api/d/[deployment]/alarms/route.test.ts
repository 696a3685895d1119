import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import type { AllListPage } from "@/lib/shared/alarms/list-pages";
import type { AlarmPage } from "@/lib/shared/alarms/types";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { acmeSimulator } from "@/test/deployments-env";
import { sessionCookie } from "@/test/session-cookie";
import { GET as list } from "./route";
import { GET as detail } from "./[uuid]/route";
import { GET as pivots } from "./[uuid]/pivots/route";
import { GET as alarmTriage } from "./[uuid]/triage/route";
import { PUT as owner } from "./[uuid]/triage/owner/route";
import { GET as catalogue } from "./catalogue/route";
import { GET as groups } from "./groups/route";
import { GET as suggest } from "./suggest/route";
import { GET as health } from "../health/route";
import { GET as teammates } from "../teammates/route";

// The one route tree under /api/d/{deployment}, as Next calls it: its segment a deployment's key
// or `all` (every deployment the analyst may see), read once by the route wrapper. A list answers
// both; a route of one deployment's alarm, catalogue, health or teammates answers `all` as it
// answers a key that names no deployment. On the real simulator over HTTP (Acme, everyone's, and
// Hidden, boss's alone); this process has no index (the list of every deployment then reads each
// upstream by cursor), only the request's cookies and the database's state are stood in for.

const cookies = vi.hoisted(() => ({ jar: [] as { name: string; value: string }[] }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => cookies.jar }) }));
vi.mock("@/lib/server/db", async (original) => ({
  ...(await original<typeof import("@/lib/server/db")>()),
  databaseState: async () => ({ ok: false, reason: "no index in this test", retryAt: null }),
}));

const CREDS = { id: "route-tree-client", secret: "route-tree-secret-7c2a" };
const ORIGIN = "http://console.test";
const ALARMS = 30;
acmeSimulator(CREDS, { alarms: ALARMS }, { beforeEachTest: () => (cookies.jar = []) });

async function signIn(user: string): Promise<void> {
  cookies.jar = [await sessionCookie(user)];
}

type Handler = typeof list;
const call = (handler: Handler, path: string, params: Record<string, string>, method = "GET") =>
  handler(
    new NextRequest(`${ORIGIN}/api/d/${params.deployment}${path}`, {
      method,
      headers: { origin: ORIGIN, "content-type": "application/json" },
      ...(method === "PUT" ? { body: JSON.stringify({ owner: null }) } : {}),
    }),
    { params: Promise.resolve(params) },
  );

async function errorOf(response: Response) {
  expect(response.headers.get("Content-Type")).toBe("application/json");
  return parseErrorBody(await response.json())?.error;
}

const deploymentsOf = (page: AllListPage) =>
  [...new Set(page.alarms.map((alarm) => alarm.deployment))].sort();

describe("the route tree of a deployment's key or all", () => {
  it("lists one deployment's alarms for its key, and every deployment the analyst may see for all", async () => {
    await signIn("local:boss");
    const one = await call(list, "/alarms?size=50", { deployment: "acme" });
    expect(one.status).toBe(200);
    const page = (await one.json()) as AlarmPage;
    expect(page.page.totalElements).toBe(ALARMS);
    expect(page.alarms).toHaveLength(ALARMS);

    const every = await call(list, "/alarms?size=100", { deployment: "all" });
    expect(every.status).toBe(200);
    const queue = (await every.json()) as AllListPage;
    if (queue.paging !== "cursor") throw new Error("each upstream by cursor, without an index");
    expect(queue.indexUnavailable).toMatch(/no index in this test/);
    // Both read; Hidden's client is refused its token here, which its row of failures says.
    expect(queue.deployments).toEqual(["acme", "hidden"]);
    expect(queue.failures.map((failure) => failure.deployment)).toEqual(["hidden"]);
    expect(queue.alarms).toHaveLength(ALARMS);
    expect(deploymentsOf(queue)).toEqual(["acme"]);

    // Another analyst's all is theirs: Hidden is not among it, and not theirs to name.
    await signIn("local:route.alice");
    const theirs = (await (await call(list, "/alarms", { deployment: "all" })).json()) as {
      deployments: string[];
    };
    expect(theirs.deployments).toEqual(["acme"]);
    const named = await call(list, "/alarms?deployments=hidden", { deployment: "all" });
    expect(named.status).toBe(400);
    expect(await errorOf(named)).toMatchObject({ code: "invalid_request", param: "deployments" });
    for (const [handler, path] of [
      [groups, "/alarms/groups?group=strategy&deployments=hidden"],
      [suggest, "/alarms/suggest?field=user&prefix=a&deployments=hidden"],
    ] as const) {
      const response = await call(handler, path, { deployment: "all" });
      expect(response.status, path).toBe(400);
      expect(await errorOf(response)).toMatchObject({ param: "deployments" });
    }
    const hidden = await call(list, "/alarms", { deployment: "hidden" });
    expect(hidden.status).toBe(404);
  });

  it("answers all, where only one deployment makes sense, as it answers a key that names none", async () => {
    await signIn("local:boss");
    const uuid = ((await (await call(list, "/alarms", { deployment: "acme" })).json()) as AlarmPage)
      .alarms[0]!.uuid;
    const routes: [Handler, string, Record<string, string>, string?][] = [
      [detail, `/alarms/${uuid}`, { uuid }],
      [pivots, `/alarms/${uuid}/pivots`, { uuid }],
      [alarmTriage, `/alarms/${uuid}/triage`, { uuid }],
      [owner, `/alarms/${uuid}/triage/owner`, { uuid }, "PUT"],
      [catalogue, "/alarms/catalogue", {}],
      [health, "/health", {}],
      [teammates, "/teammates", {}],
    ];
    for (const [handler, path, params, method] of routes) {
      // Answered for a key (what needs the database says it has none here): found.
      const known = await call(handler, path, { deployment: "acme", ...params }, method);
      expect(known.status, `${path} of acme`).not.toBe(404);
      const unknown = await errorOf(
        await call(handler, path, { deployment: "nope", ...params }, method),
      );
      expect(unknown).toEqual({ code: "not_found", message: "There is no such deployment." });
      const all = await call(handler, path, { deployment: "all", ...params }, method);
      expect(all.status, `${path} of all`).toBe(404);
      expect(await errorOf(all), `${path} of all`).toEqual(unknown);
    }
  });
});
