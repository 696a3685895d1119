import { describe, expect, it } from "vitest";
import {
  isCanonicalMerged,
  mergedApiSearch,
  fromQueueView,
  DEFAULT_MERGED_VIEW,
  mergedDetailHrefs,
  mergedHref,
  mergedNewestHref,
  mergedPageHref,
  parseMergedView,
  withDeployments,
  withFilters,
  withGroup,
  withGroupSort,
  withSearch,
  withPage,
  withSize,
  withSort,
  withZone,
} from "./merged-url";

const KNOWN = ["acme", "globex"] as const;
const parse = (search: string) => parseMergedView(new URLSearchParams(search), KNOWN);
const CURSOR = "eyJkIjoibyIsInAiOnsiYWNtZSI6WzEsImFiYyJdfX0";

describe("the merged queue's URL, grouped", () => {
  it("takes group and, grouped, a page of groups; a cursor has no place in it", () => {
    const { view, problems } = parse(`group=Deployment,strategy&page=2&cursor=${CURSOR}&range=7d`);
    expect(problems).toEqual([]);
    expect(view).toMatchObject({ group: ["deployment", "strategy"], cursor: null });
    expect(view.query.page).toBe(2);
    expect(mergedHref(view)).toBe("/d/all/alarms?p=3&range=7d&group=deployment%2Cstrategy");
  });

  it("takes group_sort when grouped, and starts its groups again from the first page", () => {
    const { view, problems } = parse("group=deployment&group_sort=first&page=2");
    expect(problems).toEqual([]);
    expect(mergedHref(view)).toBe("/d/all/alarms?p=3&group=deployment&group_sort=first");
    expect(mergedHref(withGroupSort(view, "count"))).toBe("/d/all/alarms?group=deployment");
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
    expect(mergedHref(withGroup(view, undefined))).toBe("/d/all/alarms");
  });
});

describe("the merged queue's URL", () => {
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
    expect(mergedHref(view)).toBe("/d/all/alarms");
    expect(mergedApiSearch(view)).toBe("");
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
    expect(mergedHref(view)).toBe(
      `/d/all/alarms?size=50&status=open&priority_label=high&rule_method=SSH&range=24h` +
        `&deployments=acme%2Cglobex&cursor=${CURSOR}&tz=Europe%2FBerlin`,
    );
    // The API takes the same string without the zone (how times are shown is the page's).
    expect(mergedApiSearch(view)).toBe(
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
    expect(mergedApiSearch(view)).toBe(`${search}&cursor=${CURSOR}`);
    expect(parse(mergedApiSearch(view)).view).toEqual(view);
    // Another search starts again from the newest; no search leaves the URL.
    expect(mergedHref(withSearch(view, "host:web-01"))).toBe(
      "/d/all/alarms?q=host%3Aweb-01&status=open&deployments=acme",
    );
    expect(mergedHref(withSearch(view, undefined))).toBe(
      "/d/all/alarms?status=open&deployments=acme",
    );
  });

  it("takes a page and an order as a deployment's list does", () => {
    const { view, problems } = parse("page=3&sort=priority,asc&status=closed");
    expect(problems).toEqual([]);
    expect(view.query).toMatchObject({ page: 3, sort: { field: "priority", direction: "asc" } });
    expect(mergedHref(view)).toBe("/d/all/alarms?p=4&sort=priority%2Casc&status=closed");
    expect(mergedHref(withSort(view, { field: "status", direction: "desc" }))).toBe(
      "/d/all/alarms?sort=status%2Cdesc&status=closed",
    );
    expect(mergedHref(withPage(view, 0))).toBe("/d/all/alarms?sort=priority%2Casc&status=closed");
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
    expect(mergedHref(view)).toBe(
      "/d/all/alarms?priority_label=low&rule_strategy=Port+Scan&deployments=acme",
    );
  });

  it("reports a wrong filter by its name and leaves it out", () => {
    const { view, problems } = parse("status=maybe&size=7&priority_label=low");
    expect(problems.map((problem) => problem.param)).toEqual(["size", "status"]);
    expect(mergedHref(view)).toBe("/d/all/alarms?priority_label=low");
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
    const { view, problems } = parseMergedView(
      new URLSearchParams("deployments=globex,acme,Not A Key"),
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
    expect(mergedHref(parse("tz=UTC").view)).toBe("/d/all/alarms");
    const { view, problems } = parse("tz=Mars/Olympus&status=open");
    expect(view.tz).toBe("UTC");
    expect(problems.map((problem) => problem.param)).toEqual(["tz"]);
  });

  it("reads a Next searchParams record as it reads URLSearchParams", () => {
    const fromRecord = parseMergedView(
      { status: "open", deployments: "globex", cursor: CURSOR, tz: undefined },
      KNOWN,
    );
    expect(mergedHref(fromRecord.view)).toBe(
      `/d/all/alarms?status=open&deployments=globex&cursor=${CURSOR}`,
    );
    expect(parseMergedView({ cursor: ["a", "b"] }, KNOWN).problems[0]?.param).toBe("cursor");
  });
});

describe("links from one page of the queue", () => {
  const here = parse(`status=open&deployments=globex&tz=Europe/Berlin&cursor=${CURSOR}`).view;

  it("Older and Newer keep the view and carry their cursor; Newest drops it", () => {
    expect(mergedPageHref(here, "older-one")).toBe(
      "/d/all/alarms?status=open&deployments=globex&cursor=older-one&tz=Europe%2FBerlin",
    );
    expect(mergedPageHref(here, null)).toBe(
      "/d/all/alarms?status=open&deployments=globex&tz=Europe%2FBerlin",
    );
    expect(mergedNewestHref(here)).toBe(mergedPageHref(here, null));
  });

  it("a row opens its alarm in its own deployment, in the queue's zone, remembering the queue", () => {
    const alarm = { deployment: "globex", uuid: "1c0ffee0-0000-4000-8000-000000000001" };
    const href = mergedDetailHrefs(here)(alarm);
    expect(href).toBe(
      "/d/globex/alarms/1c0ffee0-0000-4000-8000-000000000001" +
        `?queue=status%3Dopen%26deployments%3Dglobex%26cursor%3D${CURSOR}&tz=Europe%2FBerlin`,
    );
    // The detail reads the queue back: the same view, its zone the detail's own.
    const queue = new URL(href, "http://x").searchParams.get("queue");
    expect(fromQueueView(queue, KNOWN)).toEqual({ ...here, tz: "UTC" });
    expect(fromQueueView(null, KNOWN)).toBeNull();
    const paged = parse("page=4&sort=priority,desc").view;
    expect(mergedDetailHrefs(paged)(alarm)).toBe(
      "/d/globex/alarms/1c0ffee0-0000-4000-8000-000000000001?queue=p%3D5%26sort%3Dpriority%252Cdesc",
    );
  });

  it("a row of the default queue says so in `queue`, never with an empty one", () => {
    const alarm = { deployment: "globex", uuid: "1c0ffee0-0000-4000-8000-000000000001" };
    const href = mergedDetailHrefs(DEFAULT_MERGED_VIEW)(alarm);
    expect(href).toBe("/d/globex/alarms/1c0ffee0-0000-4000-8000-000000000001?queue=default");
    const queue = new URL(href, "http://x").searchParams.get("queue");
    expect(fromQueueView(queue, KNOWN)).toEqual(DEFAULT_MERGED_VIEW);
    expect(fromQueueView("", KNOWN), "an empty one, in a link from before").toEqual(
      DEFAULT_MERGED_VIEW,
    );
  });

  it("changing a filter, the deployments or the page size starts again from the newest", () => {
    expect(withFilters(here, { priority_label: ["high"] }).cursor).toBeNull();
    expect(mergedHref(withFilters(here, { priority_label: ["high"] }))).toBe(
      "/d/all/alarms?priority_label=high&deployments=globex&tz=Europe%2FBerlin",
    );
    expect(mergedHref(withDeployments(here, []))).toBe(
      "/d/all/alarms?status=open&tz=Europe%2FBerlin",
    );
    expect(withSize(here, 50).cursor).toBeNull();
  });

  it("changing the time zone keeps the place in the queue", () => {
    expect(mergedHref(withZone(here, "UTC"))).toBe(
      `/d/all/alarms?status=open&deployments=globex&cursor=${CURSOR}`,
    );
  });

  it("knows a canonical URL from one that is not", () => {
    expect(isCanonicalMerged(new URLSearchParams(mergedHref(here).split("?")[1]), here)).toBe(true);
    expect(isCanonicalMerged(new URLSearchParams("deployments=globex&status=open"), here)).toBe(
      false,
    );
  });
});
