import { beforeEach, expect, it, vi } from "vitest";
import { sql } from "kysely";
import { alarmPageSchema } from "@/lib/server/core/shapes";
import type { UsmCall } from "@/lib/server/usm";
import { parseErrorBody } from "@/lib/shared/core/errors";
import type { AllListPage } from "@/lib/shared/alarms/list-pages";
import { indexOnlyRegistry } from "@/test/deployment-config";
import { describeEachEngine } from "@/test/index-db";
import { NOW, seedCorpus, type Corpus } from "@/test/search-corpus";
import { alarmList } from "./alarm-routes";
import { respond } from "./route";
import { allList, searchSuggestions } from "./search-routes";

// The API's answers to a search, through the one wrapper's respond(), on both engines: the page
// shape plus its source, 400 on `q` with the place of the problem, 503 when the index cannot
// answer, and a corpus of hostile queries that each get a 400 or a result, never a 500 and never
// another deployment's alarm. (The session check around these is the e2e's.)

/** Every deployment's index following its upstream (the statuses the sync's state would give). */
const following = async (keys: readonly string[]) =>
  new Map(
    keys.map((key) => [
      key,
      { state: "following" as const, syncedAt: NOW, backfill: null, reason: null },
    ]),
  );

// A search never calls the upstream: a client that no test makes is never made.
const NO_UPSTREAM = {} as UsmCall;
const registry = indexOnlyRegistry(["acme", "other"]);

describeEachEngine("The search API", ({ database, server, engine }) => {
  let corpus: Corpus;
  beforeEach(async () => {
    corpus = await seedCorpus(database().db);
  });

  const list = (search: string, allowed = ["acme"]) =>
    respond("GET /api/d/[deployment]/alarms", () =>
      alarmList(new URL(`http://app.test/api/d/acme/alarms${search}`), NO_UPSTREAM, false, {
        allowed,
        deployments: ["acme"],
        analyst: null,
        database: database(),
        now: NOW,
      }),
    );
  const merged = (search: string, allowed = ["acme", "other"]) =>
    respond("GET /api/d/all/alarms", () =>
      allList(
        new URLSearchParams(search),
        registry.all().filter((deployment) => allowed.includes(deployment.key)),
        "tester",
        { database: database(), now: NOW, statuses: following, retentionMs: 90 * 86_400_000 },
      ),
    );
  const suggestions = (search: string, allowed = ["acme"]) =>
    respond("GET /api/d/[deployment]/alarms/suggest", () =>
      searchSuggestions(
        new URL(`http://app.test/api/d/acme/alarms/suggest${search}`),
        { allowed, deployments: ["acme"], analyst: "tester" },
        { database: database() },
      ),
    );
  // As a browser sends it (a lone surrogate becomes U+FFFD on the way).
  const q = (text: string) => `?${new URLSearchParams({ q: text })}`;

  it("answers a search with the list's page shape, plus where it came from", async () => {
    const response = await list(`${q("user:alice")}&sort=priority,desc&status=open`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const page = alarmPageSchema.parse(await response.json());
    expect(page.alarms.map((alarm) => alarm.uuid)).toEqual([corpus.a3, corpus.a1]);
    expect(page.source).toEqual({ kind: "index", indexedUpTo: null });
    expect(page.page.totalElements).toBe(2);
  });

  it.each([
    ["foo:bar", 0],
    ["user:alice AND (", 15],
    ['"unclosed', 0],
    ["ip:999.1.1.1", 3],
    ["priority >= high", 12],
  ])("answers 400 on q for %j, saying where (%i)", async (text, position) => {
    const response = await list(q(text));
    expect(response.status).toBe(400);
    const body = parseErrorBody(await response.json());
    expect(body?.error).toMatchObject({ code: "invalid_request", param: "q", position });
    expect(body?.error.message).toContain(`at character ${position + 1}`);
  });

  it("answers 400 on q for a search longer than 1,000 characters, before reading it", async () => {
    const response = await list(q("a".repeat(1_001)));
    expect(response.status).toBe(400);
    const body = parseErrorBody(await response.json());
    expect(body?.error).toMatchObject({
      param: "q",
      message: "q must be at most 1,000 characters",
    });
  });

  const HOSTILE = [
    // SQL injection
    "' OR 1=1 --",
    "'; drop table alarms; --",
    'host:"x\'; delete from alarm_docs; --"',
    "user:admin'--",
    "ip:10.0.0.0/8' or '1'='1",
    "strategy:\\' OR deployment:other",
    "deployment:other",
    "uuid:* OR 1=1",
    "1) OR (1=1",
    "label:%",
    "host:_%",
    // huge inputs
    "a".repeat(1_000),
    "a ".repeat(500),
    "alice OR ".repeat(110) + "alice",
    "(".repeat(500),
    "NOT ".repeat(249) + "a",
    // deep nesting
    "(".repeat(40) + "alice" + ")".repeat(40),
    "NOT (".repeat(30) + "a" + ")".repeat(30),
    "status:(" + "(".repeat(40) + "open" + ")".repeat(41),
    // regex bombs and patterns
    "(a+)+$",
    "(.*a){20}",
    "a*a*a*a*a*a*a*a*b",
    "*",
    "**",
    "user:*",
    "host:" + "%".repeat(200),
    "\\" + "\\".repeat(100),
    // odd Unicode
    "\u202Eecila",
    "user:ali\u200Bce",
    "\u0000",
    "𝕒𝕝𝕚𝕔𝕖",
    "ｕｓｅｒ：ａｌｉｃｅ",
    "\ud800",
    "e\u0301",
    "ip:١٠.٠.٠.١",
    "user:ALİCE",
    "🚨 OR 💥",
    "host:\u0130stanbul",
  ];

  it("answers every hostile query with a 400 or a result, never a 500, never another deployment's alarm", async () => {
    const warn = vi.spyOn(console, "warn");
    const error = vi.spyOn(console, "error");
    for (const text of HOSTILE) {
      for (const response of [await list(q(text)), await merged(q(text), ["acme"])]) {
        expect([200, 400], text).toContain(response.status);
        const body = (await response.json()) as { alarms?: { deployment: string; uuid: string }[] };
        for (const alarm of body.alarms ?? []) {
          expect(alarm.deployment, text).toBe("acme");
          expect(alarm.uuid, text).not.toBe(corpus.other);
        }
      }
      const prefix = new URLSearchParams({ field: "host", prefix: text.slice(0, 100) });
      const suggested = await suggestions(`?${prefix}`);
      expect([200, 400], text).toContain(suggested.status);
    }
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from alarms`.execute(
      database().db,
    );
    expect(rows[0]?.n).toBe(corpus.filler.length + 5);
    vi.restoreAllMocks();
  });

  it("searches every deployment the analyst may see in the list of every deployment, and only those", async () => {
    const both = (await (await merged(q("10.1.2.3"))).json()) as AllListPage;
    // Both at the same moment: ties go by deployment, as a list's rows by their keys.
    expect(both.alarms.map((alarm) => alarm.deployment)).toEqual(["acme", "other"]);
    expect(both.source).toEqual({ kind: "index", indexedUpTo: null });
    expect(both.paging === "pages" && both.page).toMatchObject({ totalElements: 2 });
    expect(both.paging === "pages" && both.page.totalIsLowerBound).toBeFalsy();
    const mine = (await (await merged(q("10.1.2.3"), ["acme"])).json()) as AllListPage;
    expect(mine.alarms.map((alarm) => alarm.uuid)).toEqual([corpus.a1]);
    // Naming a deployment one may not see is refused as for the queue without a search.
    const named = await merged(`${q("10.1.2.3")}&deployments=other`, ["acme"]);
    expect(named.status).toBe(400);
    expect(parseErrorBody(await named.json())?.error.param).toBe("deployments");
  });

  it("suggests from the deployments in scope, and refuses a request it cannot read", async () => {
    const response = await suggestions("?field=user&prefix=al");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ field: "user", prefix: "al", values: ["alice"] });
    for (const [search, param] of [
      ["?field=user", "prefix"],
      ["?field=user&prefix=", "prefix"],
      [`?field=user&prefix=${"a".repeat(101)}`, "prefix"],
      ["?field=nope&prefix=a", "field"],
      ["?field=user&field=host&prefix=a", "field"],
      ["?field=user&prefix=a%00", "prefix"],
    ] as const) {
      const refused = await suggestions(search);
      expect(refused.status, search).toBe(400);
      expect(parseErrorBody(await refused.json())?.error.param, search).toBe(param);
    }
  });

  it.runIf(engine === "postgres")(
    "answers 503 index_unavailable while PostgreSQL is down, and searches again once it is back",
    async () => {
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      await server()!.stop();
      try {
        for (const response of [
          await list(q("alice")),
          await suggestions("?field=user&prefix=a"),
        ]) {
          expect(response.status).toBe(503);
          const body = parseErrorBody(await response.json());
          expect(body?.error.code).toBe("index_unavailable");
          expect(body?.error.message).not.toMatch(/127\.0\.0\.1|postgres:\/\/|select /i);
        }
      } finally {
        await server()!.start();
        vi.restoreAllMocks();
      }
      await expect.poll(async () => (await list(q("alice"))).status, { timeout: 10_000 }).toBe(200);
    },
  );
});
