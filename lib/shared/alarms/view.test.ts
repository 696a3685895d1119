import { describe, expect, it } from "vitest";
import { EVERY_DEPLOYMENT } from "@/lib/shared/deployments/scope";
import { resolveRange } from "./query";
import { type ListView, isCanonical, listSearch, parseView, viewApiSearch, viewHref } from "./view";
import {
  withFilters,
  withGroup,
  withGroupSort,
  withPage,
  withSearch,
  withSize,
  withSort,
} from "./view-changes";

// The one reader and writer of a list's URL, a deployment's and every deployment's (`cursor` too).

const SENSOR = "9f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
const view = (search: string) => parseView(new URLSearchParams(search), "deployment");
const KNOWN = ["acme", "globex"] as const;
const parse = (search: string) => parseView(new URLSearchParams(search), "all", { known: KNOWN });
const allHref = (view: ListView) => viewHref(EVERY_DEPLOYMENT, view);
const CURSOR = "eyJkIjoibyIsInAiOnsiYWNtZSI6WzEsImFiYyJdfX0";

describe("the list's URL", () => {
  it("reads names in any case and writes them canonically", () => {
    const { view: read, problems } = view(
      `status=Open&priority_label=HIGH&suppressed=False&sort=Priority,ASC&range=24H` +
        `&alarm_sensor_sources=${SENSOR.toUpperCase()}&tz=europe/berlin`,
    );
    expect(problems).toEqual([]);
    expect(listSearch(read)).toBe(
      `?sort=priority%2Casc&status=open&suppressed=false&priority_label=high` +
        `&alarm_sensor_sources=${SENSOR}&range=24h&tz=Europe%2FBerlin`,
    );
    expect(isCanonical(new URLSearchParams("status=Open"), view("status=Open").view)).toBe(false);
    expect(isCanonical(new URLSearchParams("status=open"), view("status=open").view)).toBe(true);
  });

  it("reads a parameter's name in any case, as its value", () => {
    const { view: read, problems } = view("Status=open&PRIORITY_LABEL=high&TZ=Asia/Tokyo");
    expect(problems).toEqual([]);
    expect(listSearch(read)).toBe("?status=open&priority_label=high&tz=Asia%2FTokyo");
  });

  it("leaves out a parameter it does not take, and says so", () => {
    const { view: read, problems } = view("query=188.1.32.78&status=open&utm_source=mail");
    expect(problems).toEqual([
      {
        param: "query",
        message: "query is not a parameter of this page, so it was left out",
        unknown: true,
      },
      {
        param: "utm_source",
        message: "utm_source is not a parameter of this page, so it was left out",
        unknown: true,
      },
    ]);
    expect(listSearch(read)).toBe("?status=open");
    const current = new URLSearchParams("query=188.1.32.78&status=open&utm_source=mail");
    expect(isCanonical(current, read)).toBe(false);
  });

  it("refuses the parameters of the list of every deployment, saying so", () => {
    const { view: read, problems } = view(`deployments=acme&cursor=${CURSOR}&status=open`);
    expect(problems).toEqual([
      {
        param: "deployments",
        message: "deployments is not a parameter of this page, so it was left out",
        unknown: true,
      },
      {
        param: "cursor",
        message: "cursor is not a parameter of this page, so it was left out",
        unknown: true,
      },
    ]);
    expect(read).toMatchObject({ deployments: [], cursor: null });
    expect(listSearch(read)).toBe("?status=open");
  });

  it("keeps UTC, the default zone, out of the URL and corrects an unknown zone", () => {
    expect(listSearch(view("tz=UTC").view)).toBe("");
    const { view: read, problems } = view("tz=Mars/Olympus&page=2");
    expect(read.tz).toBe("UTC");
    expect(problems).toEqual([
      { param: "tz", message: "tz must be a time zone such as Europe/Berlin" },
    ]);
    expect(listSearch(read)).toBe("?p=3");
  });

  it("keeps a rolling range rolling and refuses it beside absolute bounds", () => {
    expect(view("range=7d").view.query.filters).toEqual({ range: "7d" });
    const { view: read, problems } = view("range=1h&timestamp_occured_gte=5");
    expect(problems.map((p) => p.param)).toEqual(["range"]);
    expect(read.query.filters).toEqual({ range: "1h" });
  });

  it("resolves a rolling range against the clock of each request", () => {
    const query = view("range=24h&status=open").view.query;
    const now = Date.UTC(2026, 10, 22, 10, 0, 0, 400);
    expect(resolveRange(query, now).filters).toEqual({
      status: ["open"],
      timestamp_occured_gte: Date.UTC(2026, 10, 21, 10, 0, 1),
      timestamp_occured_lte: Date.UTC(2026, 10, 22, 10, 0, 1),
    });
    expect(resolveRange(query, now + 86_400_000).filters.timestamp_occured_lte).toBe(
      Date.UTC(2026, 10, 23, 10, 0, 1),
    );
  });
});

describe("the URL of the list of every deployment, grouped", () => {
  it("takes group and, grouped, a page of groups; a cursor has no place in it", () => {
    const { view, problems } = parse(`group=Deployment,strategy&page=2&cursor=${CURSOR}&range=7d`);
    expect(problems).toEqual([]);
    expect(view).toMatchObject({ group: ["deployment", "strategy"], cursor: null });
    expect(view.query.page).toBe(2);
    expect(allHref(view)).toBe("/d/all/alarms?p=3&range=7d&group=deployment%2Cstrategy");
  });

  it("takes group_sort when grouped, and starts its groups again from the first page", () => {
    const { view, problems } = parse("group=deployment&group_sort=first&page=2");
    expect(problems).toEqual([]);
    expect(allHref(view)).toBe("/d/all/alarms?p=3&group=deployment&group_sort=first");
    expect(allHref(withGroupSort(view, "count"))).toBe("/d/all/alarms?group=deployment");
  });

  it("refuses a bad grouping or page, saying which", () => {
    expect(parse("group=colour").problems[0]).toMatchObject({ param: "group" });
    expect(parse("group=colour").view.group).toBeUndefined();
    expect(parse("group=user&page=x").problems[0]).toMatchObject({ param: "page" });
    // With a sort too (the sort once swallowed the page's problem).
    expect(parse("group=user&group_sort=last&page=x").problems[0]).toMatchObject({
      param: "page",
    });
  });

  it("starts again from the first page of groups when what is shown changes", () => {
    const { view } = parse("group=user&page=3");
    expect(withFilters(view, { status: ["open"] }).query.page).toBe(0);
    expect(withSearch(view, "ssh").query.page).toBe(0);
    expect(withSize(view, 50).query.page).toBe(0);
    expect(withGroup(view, undefined)).toMatchObject({ group: undefined, query: { page: 0 } });
    expect(allHref(withGroup(view, undefined))).toBe("/d/all/alarms");
  });
});

describe("the URL of the list of every deployment", () => {
  it("is /d/all/alarms with nothing for the default view", () => {
    const { view, problems } = parse("");
    expect(problems).toEqual([]);
    expect(view).toEqual({
      query: {
        page: 0,
        size: 20,
        sort: { field: "timestamp_occured", direction: "desc" },
        filters: {},
      },
      deployments: [],
      cursor: null,
      tz: "UTC",
    });
    expect(allHref(view)).toBe("/d/all/alarms");
    expect(viewApiSearch(view)).toBe("");
  });

  it("reads filters as the list does and writes them in one order: size, filters, deployments, cursor, tz", () => {
    const { view, problems } = parse(
      `tz=europe/berlin&cursor=${CURSOR}&deployments=globex,acme&range=24H&priority_label=HIGH` +
        `&status=Open&size=50&rule_method=SSH`,
    );
    expect(problems).toEqual([]);
    expect(view.query.filters).toEqual({
      status: ["open"],
      priority_label: ["high"],
      range: "24h",
      rule_method: ["SSH"],
    });
    expect(allHref(view)).toBe(
      `/d/all/alarms?size=50&status=open&priority_label=high&rule_method=SSH&range=24h` +
        `&deployments=acme%2Cglobex&cursor=${CURSOR}&tz=Europe%2FBerlin`,
    );
    // The API takes the same string without the zone (how times are shown is the page's).
    expect(viewApiSearch(view)).toBe(
      `size=50&status=open&priority_label=high&rule_method=SSH&range=24h` +
        `&deployments=acme%2Cglobex&cursor=${CURSOR}`,
    );
  });

  it("carries a search exactly as typed, with the filters, deployments and cursor", () => {
    const q = 'user:alice OR ip:"10.0.0.0/8"';
    const { view, problems } = parse(
      `deployments=acme&status=open&q=${encodeURIComponent(q)}&cursor=${CURSOR}`,
    );
    expect(problems).toEqual([]);
    expect(view.query.q).toBe(q);
    const search = `q=${encodeURIComponent(q).replaceAll("%20", "+")}&status=open&deployments=acme`;
    expect(viewApiSearch(view)).toBe(`${search}&cursor=${CURSOR}`);
    expect(parse(viewApiSearch(view)).view).toEqual(view);
    // Another search starts again from the newest; no search leaves the URL.
    expect(allHref(withSearch(view, "host:web-01"))).toBe(
      "/d/all/alarms?q=host%3Aweb-01&status=open&deployments=acme",
    );
    expect(allHref(withSearch(view, undefined))).toBe("/d/all/alarms?status=open&deployments=acme");
  });

  it("takes a page and an order as a deployment's list does", () => {
    const { view, problems } = parse("page=3&sort=priority,asc&status=closed");
    expect(problems).toEqual([]);
    expect(view.query).toMatchObject({ page: 3, sort: { field: "priority", direction: "asc" } });
    expect(allHref(view)).toBe("/d/all/alarms?p=4&sort=priority%2Casc&status=closed");
    expect(allHref(withSort(view, { field: "status", direction: "desc" }))).toBe(
      "/d/all/alarms?sort=status%2Cdesc&status=closed",
    );
    expect(allHref(withPage(view, 0))).toBe("/d/all/alarms?sort=priority%2Casc&status=closed");
  });

  it("drops a cursor given with a page number or another order, saying so", () => {
    for (const search of [`page=2&cursor=${CURSOR}`, `sort=priority,desc&cursor=${CURSOR}`]) {
      const { view, problems } = parse(search);
      expect(view.cursor).toBeNull();
      expect(problems.map((problem) => problem.param)).toEqual(["cursor"]);
    }
    // Newest first on the first page, the cursor is the place.
    expect(parse(`sort=timestamp_occured,desc&cursor=${CURSOR}`).view.cursor).toBe(CURSOR);
  });

  it("reads a filter by the names q and group take for its field", () => {
    const { view, problems } = parse("strategy=Port%20Scan&priority=low&deployments=acme");
    expect(problems).toEqual([]);
    expect(allHref(view)).toBe(
      "/d/all/alarms?priority_label=low&rule_strategy=Port+Scan&deployments=acme",
    );
  });

  it("reports a wrong filter by its name and leaves it out", () => {
    const { view, problems } = parse("status=maybe&size=7&priority_label=low");
    expect(problems.map((problem) => problem.param)).toEqual(["size", "status"]);
    expect(allHref(view)).toBe("/d/all/alarms?priority_label=low");
  });

  it("keeps deployments in the configured order, once each, and drops those the analyst may not see", () => {
    expect(parse("deployments=globex, ACME ,globex").view.deployments).toEqual(["acme", "globex"]);
    const { view, problems } = parse("deployments=initech,globex");
    expect(view.deployments).toEqual(["globex"]);
    expect(problems).toEqual([
      { param: "deployments", message: "deployments: there is no deployment initech you may see" },
    ]);
    // Nothing left: every deployment, and the notice says why.
    const none = parse("deployments=initech");
    expect(none.view.deployments).toEqual([]);
    expect(none.problems).toHaveLength(1);
    expect(parse("deployments=").view.deployments).toEqual([]);
    expect(parse("deployments=a&deployments=b").problems[0]?.param).toBe("deployments");
    // A long or odd list is said back in few, short, printable words.
    const odd = parse(`deployments=${["x".repeat(500), "a\u0000b", "c", "d", "e"].join(",")}`);
    expect(odd.problems[0]?.message).toBe(
      `deployments: there is no deployment ${"x".repeat(40)}, a?b, c and 2 more you may see`,
    );
  });

  it("without the known list, keeps well-formed keys in the order given", () => {
    const { view, problems } = parseView(
      new URLSearchParams("deployments=globex,acme,Not A Key"),
      "all",
    );
    expect(view.deployments).toEqual(["globex", "acme"]);
    expect(problems.map((problem) => problem.param)).toEqual(["deployments"]);
  });

  it("passes the cursor on as it is: only the server can read it", () => {
    expect(parse("cursor=%20not-a-cursor%20").view.cursor).toBe("not-a-cursor");
    expect(parse("cursor=").view.cursor).toBeNull();
    const twice = parse("cursor=a&cursor=b");
    expect(twice.view.cursor).toBeNull();
    expect(twice.problems).toEqual([{ param: "cursor", message: "cursor may be given only once" }]);
  });

  it("keeps UTC out of the URL and corrects an unknown zone", () => {
    expect(allHref(parse("tz=UTC").view)).toBe("/d/all/alarms");
    const { view, problems } = parse("tz=Mars/Olympus&status=open");
    expect(view.tz).toBe("UTC");
    expect(problems.map((problem) => problem.param)).toEqual(["tz"]);
  });

  it("reads a Next searchParams record as it reads URLSearchParams", () => {
    const fromRecord = parseView(
      { status: "open", deployments: "globex", cursor: CURSOR, tz: undefined },
      "all",
      { known: KNOWN },
    );
    expect(allHref(fromRecord.view)).toBe(
      `/d/all/alarms?status=open&deployments=globex&cursor=${CURSOR}`,
    );
    expect(parseView({ cursor: ["a", "b"] }, "all", { known: KNOWN }).problems[0]?.param).toBe(
      "cursor",
    );
  });
});
