import { describe, expect, it } from "vitest";
import { EVERY_DEPLOYMENT, oneDeployment } from "@/lib/shared/deployments/scope";
import { DEFAULT_QUERY, parseAlarmListQuery, toSearchParams } from "./query";
import { type ListView, isCanonical, parseView, viewHref, viewOf } from "./view";
import {
  atNewest,
  withCursor,
  withDeployments,
  withFilters,
  withSize,
  withZone,
} from "./view-changes";
import {
  detailHrefs,
  filteredListHref,
  fromListQuery,
  fromQueueView,
  listHrefFrom,
} from "./view-links";

// Links from a page of a list: to its alarms' details (remembering the view), back from them, and
// to other places in the same list.

const SENSOR = "9f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
const view = (search: string) => parseView(new URLSearchParams(search), "deployment");
/** A deployment's detail hrefs for a view, by uuid. */
const detailHrefsFor = (deployment: string, list: ListView) => {
  const hrefOf = detailHrefs(oneDeployment(deployment), list);
  return (uuid: string) => hrefOf({ deployment, uuid });
};
const KNOWN = ["acme", "globex"] as const;
const parse = (search: string) => parseView(new URLSearchParams(search), "all", { known: KNOWN });
const allHref = (view: ListView) => viewHref(EVERY_DEPLOYMENT, view);
const CURSOR = "eyJkIjoibyIsInAiOnsiYWNtZSI6WzEsImFiYyJdfX0";

describe("links between list and detail", () => {
  const list = view("page=4&sort=priority,desc&status=open&tz=Asia/Tokyo").view;

  it("carry the list's view and zone into the detail link and back out", () => {
    const href = detailHrefsFor("acme", list)("0a1b2c3d-0000-4000-8000-000000000001");
    const url = new URL(href, "http://x");
    expect(url.searchParams.get("tz")).toBe("Asia/Tokyo");
    expect(listHrefFrom("acme", url.searchParams.get("from"), "Asia/Tokyo")).toBe(
      `/d/acme/alarms?${toSearchParams(list.query)}&tz=Asia%2FTokyo`,
    );
  });

  it("mark a detail opened from the default view with `from=default`, never an empty `from`", () => {
    const href = detailHrefsFor(
      "acme",
      viewOf(DEFAULT_QUERY, "UTC"),
    )("0a1b2c3d-0000-4000-8000-000000000001");
    expect(href).toBe("/d/acme/alarms/0a1b2c3d-0000-4000-8000-000000000001?from=default");
    const from = new URL(href, "http://x").searchParams.get("from");
    expect(fromListQuery(from)).toEqual(DEFAULT_QUERY);
    expect(listHrefFrom("acme", from)).toBe("/d/acme/alarms");
    // A link from before, with an empty `from`, still knows it came from the default view.
    expect(fromListQuery("")).toEqual(DEFAULT_QUERY);
    expect(listHrefFrom("acme", "")).toBe("/d/acme/alarms");
  });

  it("tell a detail opened from a list from one opened by a bare link", () => {
    expect(fromListQuery(null), "no `from`: not opened from a list").toBeNull();
    expect(fromListQuery(undefined)).toBeNull();
    const from = new URL(
      detailHrefsFor("acme", list)("0a1b2c3d-0000-4000-8000-000000000001"),
      "http://x",
    ).searchParams.get("from");
    expect(fromListQuery(from)).toEqual(list.query);
    // Links written before `from` was always there keep working: a named view is still read.
    expect(fromListQuery("?page=2&size=nope")).toEqual({ ...DEFAULT_QUERY, page: 2 });
  });

  it("never lead anywhere but the list, whatever `from` holds", () => {
    expect(listHrefFrom("acme", null)).toBe("/d/acme/alarms");
    expect(listHrefFrom("acme", "//evil.example/x")).toBe("/d/acme/alarms");
    expect(listHrefFrom("acme", "https://evil.example/?page=2")).toBe("/d/acme/alarms");
    expect(listHrefFrom("acme", "?page=2&size=nope&javascript:alert(1)")).toBe(
      "/d/acme/alarms?p=3",
    );
  });

  it("filter the list by one value from a detail", () => {
    expect(filteredListHref("acme", { alarm_sensor_sources: [SENSOR] }, "Europe/Berlin")).toBe(
      `/d/acme/alarms?alarm_sensor_sources=${SENSOR}&tz=Europe%2FBerlin`,
    );
    expect(
      parseAlarmListQuery(
        new URLSearchParams(filteredListHref("acme", { rule_strategy: ["A & B"] }).split("?")[1]),
      ).query.filters,
    ).toEqual({ rule_strategy: ["A & B"] });
  });
});

describe("links from one page of the queue", () => {
  const here = parse(`status=open&deployments=globex&tz=Europe/Berlin&cursor=${CURSOR}`).view;

  it("Older and Newer keep the view and carry their cursor; Newest drops it", () => {
    expect(allHref(withCursor(here, "older-one"))).toBe(
      "/d/all/alarms?status=open&deployments=globex&cursor=older-one&tz=Europe%2FBerlin",
    );
    expect(allHref(withCursor(here, null))).toBe(
      "/d/all/alarms?status=open&deployments=globex&tz=Europe%2FBerlin",
    );
    expect(allHref(atNewest(here))).toBe(allHref(withCursor(here, null)));
  });

  it("a row opens its alarm in its own deployment, in the queue's zone, remembering the queue", () => {
    const alarm = { deployment: "globex", uuid: "1c0ffee0-0000-4000-8000-000000000001" };
    const href = detailHrefs(EVERY_DEPLOYMENT, here)(alarm);
    expect(href).toBe(
      "/d/globex/alarms/1c0ffee0-0000-4000-8000-000000000001" +
        `?queue=status%3Dopen%26deployments%3Dglobex%26cursor%3D${CURSOR}&tz=Europe%2FBerlin`,
    );
    // The detail reads the queue back: the same view, its zone the detail's own.
    const queue = new URL(href, "http://x").searchParams.get("queue");
    expect(fromQueueView(queue, KNOWN)).toEqual({ ...here, tz: "UTC" });
    expect(fromQueueView(null, KNOWN)).toBeNull();
    const paged = parse("page=4&sort=priority,desc").view;
    expect(detailHrefs(EVERY_DEPLOYMENT, paged)(alarm)).toBe(
      "/d/globex/alarms/1c0ffee0-0000-4000-8000-000000000001?queue=p%3D5%26sort%3Dpriority%252Cdesc",
    );
  });

  it("a row of the default queue says so in `queue`, never with an empty one", () => {
    const alarm = { deployment: "globex", uuid: "1c0ffee0-0000-4000-8000-000000000001" };
    const href = detailHrefs(EVERY_DEPLOYMENT, viewOf())(alarm);
    expect(href).toBe("/d/globex/alarms/1c0ffee0-0000-4000-8000-000000000001?queue=default");
    const queue = new URL(href, "http://x").searchParams.get("queue");
    expect(fromQueueView(queue, KNOWN)).toEqual(viewOf());
    expect(fromQueueView("", KNOWN), "an empty one, in a link from before").toEqual(viewOf());
  });

  it("changing a filter, the deployments or the page size starts again from the newest", () => {
    expect(withFilters(here, { priority_label: ["high"] }).cursor).toBeNull();
    expect(allHref(withFilters(here, { priority_label: ["high"] }))).toBe(
      "/d/all/alarms?priority_label=high&deployments=globex&tz=Europe%2FBerlin",
    );
    expect(allHref(withDeployments(here, []))).toBe("/d/all/alarms?status=open&tz=Europe%2FBerlin");
    expect(withSize(here, 50).cursor).toBeNull();
  });

  it("changing the time zone keeps the place in the queue", () => {
    expect(allHref(withZone(here, "UTC"))).toBe(
      `/d/all/alarms?status=open&deployments=globex&cursor=${CURSOR}`,
    );
  });

  it("knows a canonical URL from one that is not", () => {
    expect(isCanonical(new URLSearchParams(allHref(here).split("?")[1]), here)).toBe(true);
    expect(isCanonical(new URLSearchParams("deployments=globex&status=open"), here)).toBe(false);
  });
});
