import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { NO_ACTIVITY_FILTERS } from "@/lib/shared/triage/audit";
import { activityText } from "@/lib/shared/triage/event-text";
import { testAnalyst } from "@/test/analyst";
import { describeEachEngine } from "@/test/index-db";
import { readActivity } from "./activity";
import { forgetRecordedAnalysts, recordAnalyst } from "./analysts";
import { clearDefault, defaultPathFor, setDefault } from "./view-defaults";
import { changeView, createView, deleteView, listViews, type Viewer } from "./views";

// Default views and the audit of saved views, on both engines: a default opens the bare list of
// its kind (a deployment's view on whichever deployment, the queue's on the queue), goes away
// cleanly when its view is deleted or unshared, is ignored once out of reach; and saving,
// renaming, sharing, deleting and making a view the default each leave one row in the trail.
// The trail is append-only: each test works on deployments of its own.

const alice = testAnalyst("local:alice", { name: "Alice Archer" });
const bob = testAnalyst("local:bob", { name: "Bob Baker" });
const T = 1_764_000_000_000;

describeEachEngine("Default views and the audit of saved views", ({ database }) => {
  const db = () => database().db;
  let acme = "";
  let beta = "";
  let asAlice: Viewer;
  let asBob: Viewer;

  beforeEach(async () => {
    const suffix = randomUUID().slice(0, 8);
    acme = `acme-${suffix}`;
    beta = `beta-${suffix}`;
    asAlice = { analyst: alice, visible: [acme, beta] };
    asBob = { analyst: bob, visible: [acme, beta] };
    await sql`truncate saved_views, view_defaults, analysts`.execute(db());
    forgetRecordedAnalysts();
    await recordAnalyst(db(), alice, T);
    await recordAnalyst(db(), bob, T);
  });

  const save = (viewer: Viewer, name: string, view: string, shared = false) =>
    createView(db(), viewer, { name, view, shared }, T);

  it("opens a bare deployment list on the analyst's default, on whichever deployment, and the queue on its own", async () => {
    const open = await save(asAlice, "Open", `/d/${acme}/alarms?status=open`);
    const queue = await save(asAlice, "Queue", "/d/all/alarms?status=open");
    expect(await defaultPathFor(db(), asAlice, acme)).toBeNull();
    await setDefault(db(), asAlice, open.id, T + 1);
    await setDefault(db(), asAlice, queue.id, T + 2);
    expect(await defaultPathFor(db(), asAlice, acme)).toBe(`/d/${acme}/alarms?status=open`);
    expect(await defaultPathFor(db(), asAlice, beta)).toBe(`/d/${beta}/alarms?status=open`);
    expect(await defaultPathFor(db(), asAlice, "all")).toBe("/d/all/alarms?status=open");
    expect(await defaultPathFor(db(), asBob, acme)).toBeNull(); // one's own
    const menu = await listViews(db(), asAlice);
    expect(menu.map((view) => `${view.name} ${view.isDefault}`)).toEqual([
      "Open true",
      "Queue true",
    ]);
    await clearDefault(db(), asAlice, queue.id, T + 3);
    expect(await defaultPathFor(db(), asAlice, "all")).toBeNull();
  });

  it("drops a default when its view is deleted or unshared, and ignores one out of reach", async () => {
    const team = await save(asAlice, "Team", `/d/${acme}/alarms?status=open`, true);
    await setDefault(db(), asBob, team.id, T + 1);
    expect(await defaultPathFor(db(), asBob, beta)).toBe(`/d/${beta}/alarms?status=open`);
    // No longer able to see acme, Bob's default is ignored (and cannot be set again).
    const bobBetaOnly = { analyst: bob, visible: [beta] };
    expect(await defaultPathFor(db(), bobBetaOnly, beta)).toBeNull();
    await expect(setDefault(db(), bobBetaOnly, team.id, T)).rejects.toMatchObject({
      code: "not_found",
    });
    await changeView(db(), asAlice, team.id, { shared: false }, T + 2);
    expect(await defaultPathFor(db(), asBob, beta)).toBeNull();
    await changeView(db(), asAlice, team.id, { shared: true }, T + 3);
    expect(await defaultPathFor(db(), asBob, beta)).toBeNull(); // gone, not hidden
    await setDefault(db(), asBob, team.id, T + 4);
    await setDefault(db(), asAlice, team.id, T + 4);
    await deleteView(db(), asAlice, team.id, T + 5);
    expect(await defaultPathFor(db(), asBob, acme)).toBeNull();
    expect(await defaultPathFor(db(), asAlice, acme)).toBeNull();
    const left = await db().selectFrom("view_defaults").selectAll().execute();
    expect(left).toEqual([]);
  });

  it("records saving, renaming, sharing, deleting and defaults in the trail, once each", async () => {
    const view = await save(asAlice, "Open", `/d/${acme}/alarms?status=open`);
    await changeView(db(), asAlice, view.id, { name: "Open now" }, T + 1);
    await changeView(db(), asAlice, view.id, { shared: true }, T + 2);
    await changeView(db(), asAlice, view.id, { shared: true }, T + 3); // nothing changes
    await setDefault(db(), asAlice, view.id, T + 4);
    await setDefault(db(), asAlice, view.id, T + 5); // already: nothing recorded
    await clearDefault(db(), asAlice, view.id, T + 6);
    await deleteView(db(), asAlice, view.id, T + 7);
    const page = await readActivity(db(), { visible: [acme] }, NO_ACTIVITY_FILTERS);
    expect(page.events.map((event) => `${event.analyst} ${activityText(event, {})}`)).toEqual([
      'alice deleted the view "Open now"',
      'alice stopped using "Open now" as their default view',
      'alice made "Open now" their default view',
      'alice shared the view "Open now"',
      'alice renamed the view "Open" to "Open now"',
      'alice saved the view "Open"',
    ]);
    expect(page.events.every((event) => event.uuid === null && event.deployment === acme)).toBe(
      true,
    );
    // A teammate who may not see acme sees none of it.
    expect((await readActivity(db(), { visible: [beta] }, NO_ACTIVITY_FILTERS)).events).toEqual([]);
  });
});
