import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { MAX_VIEWS } from "@/lib/shared/triage/saved-views";
import { testAnalyst } from "@/test/analyst";
import { describeEachEngine } from "@/test/index-db";
import { forgetRecordedAnalysts, recordAnalyst } from "./analysts";
import { changeView, createView, deleteView, listViews, type Viewer } from "./views";

// Saved views on both engines (PGlite in process, a real PostgreSQL): whose views an analyst
// sees, that only the maker changes one, what a name and an address may be, and that a shared
// view of a deployment someone may not see stays out of their menu.

const alice = testAnalyst("local:alice", { name: "Alice Archer" });
const bob = testAnalyst("local:bob", { name: "Bob Baker" });
/** Alice sees Acme and Hidden; Bob sees Acme only. */
const asAlice: Viewer = { analyst: alice, visible: ["acme", "hidden"] };
const asBob: Viewer = { analyst: bob, visible: ["acme"] };
const T = 1_764_000_000_000;
const OPEN_HIGH = "/d/acme/alarms?status=open&priority_label=high";

describeEachEngine("Saved views", ({ database }) => {
  const db = () => database().db;
  const save = (viewer: Viewer, name: string, view = OPEN_HIGH, shared = false) =>
    createView(db(), viewer, { name, view, shared }, T);
  const names = async (viewer: Viewer) =>
    (await listViews(db(), viewer)).map(
      (view) => `${view.name}${view.mine ? "" : ` by ${view.ownerName}`}`,
    );

  beforeEach(async () => {
    await sql`truncate saved_views, view_defaults, analysts`.execute(db());
    forgetRecordedAnalysts();
    await recordAnalyst(db(), alice, T);
    await recordAnalyst(db(), bob, T);
  });

  it("shows a private view to its maker only, and a shared one to the team with who made it", async () => {
    const mine = await save(asAlice, "  Open and high  ");
    await save(asAlice, "Team triage", "/d/all/alarms?status=open", true);
    expect(mine).toMatchObject({
      name: "Open and high",
      view: OPEN_HIGH,
      shared: false,
      owner: "alice",
      ownerName: "Alice Archer",
      mine: true,
      updatedAt: T,
    });
    expect(await names(asAlice)).toEqual(["Open and high", "Team triage"]);
    expect(await names(asBob)).toEqual(["Team triage by Alice Archer"]);
    const [shared] = await listViews(db(), asBob);
    expect(shared).toMatchObject({
      owner: "alice",
      mine: false,
      view: "/d/all/alarms?status=open",
    });
  });

  it("keeps the address in the list's own canonical form, so opening it shows the view as saved", async () => {
    const saved = await save(
      asAlice,
      "Spelled oddly",
      "/d/acme/alarms?Priority_Label=HIGH&status=open&tz=UTC",
    );
    expect(saved.view).toBe(OPEN_HIGH);
    const queue = await save(
      asAlice,
      "Queue",
      "/d/all/alarms?deployments=hidden,acme&sort=priority,desc",
    );
    expect(queue.view).toBe("/d/all/alarms?sort=priority%2Cdesc&deployments=acme%2Chidden");
  });

  it("lets only the maker rename, repoint, unshare or delete a view", async () => {
    const view = await save(asAlice, "Team triage", OPEN_HIGH, true);
    const secret = await save(asAlice, "Private");
    await expect(
      changeView(db(), asBob, view.id, { name: "Bob's now" }, T + 1),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(deleteView(db(), asBob, view.id, T)).rejects.toMatchObject({ code: "forbidden" });
    // Someone else's private view is answered as one that does not exist, as a made-up id is.
    await expect(changeView(db(), asBob, secret.id, { shared: true }, T + 1)).rejects.toMatchObject(
      {
        code: "not_found",
      },
    );
    await expect(deleteView(db(), asBob, secret.id, T)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(deleteView(db(), asBob, "not-a-uuid", T)).rejects.toMatchObject({
      code: "not_found",
    });

    const changed = await changeView(
      db(),
      asAlice,
      view.id.toUpperCase(),
      { name: "Closed", view: "/d/acme/alarms?status=closed" },
      T + 2,
    );
    expect(changed).toMatchObject({
      name: "Closed",
      view: "/d/acme/alarms?status=closed",
      shared: true,
      updatedAt: T + 2,
    });
    expect(await names(asBob)).toEqual(["Closed by Alice Archer"]);
    await changeView(db(), asAlice, view.id, { shared: false }, T + 3);
    expect(await names(asBob)).toEqual([]);
    await deleteView(db(), asAlice, view.id, T);
    expect(await names(asAlice)).toEqual(["Private"]);
  });

  it("refuses a name that is blank, too long or the maker's already, naming the parameter", async () => {
    await save(asAlice, "Open and high");
    const refused = (fields: { name?: string; view?: string }) =>
      expect(save(asAlice, fields.name ?? "Another", fields.view));
    await refused({ name: "   " }).rejects.toMatchObject({
      code: "invalid_request",
      param: "name",
    });
    await refused({ name: "x".repeat(101) }).rejects.toMatchObject({ param: "name" });
    await refused({ name: "tab\there" }).rejects.toMatchObject({ param: "name" });
    await refused({ name: "OPEN AND HIGH" }).rejects.toMatchObject({
      code: "conflict",
      message: 'You already have a view named "OPEN AND HIGH".',
    });
    // Bob may use the name: it is Alice's only.
    await expect(save(asBob, "Open and high")).resolves.toMatchObject({ owner: "bob" });
    // Two saves at once under one name: the database lets one through.
    const both = await Promise.allSettled([save(asBob, "Race"), save(asBob, "race")]);
    expect(both.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    // A rename onto a name the maker has is refused alike.
    const other = await save(asAlice, "Other");
    await expect(
      changeView(db(), asAlice, other.id, { name: "open and high" }, T),
    ).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("refuses an address that is not a console list, or a list the maker may not see", async () => {
    for (const view of [
      "https://evil.example/d/acme/alarms",
      "//evil.example/d/acme/alarms",
      "/\\evil.example/d/acme/alarms",
      "d/acme/alarms",
      "/d/acme/alarms/3f2a9c1e-0000-4000-8000-00000000a11c",
      "/d/acme/alarms#top",
      "/api/d/acme/alarms",
      "/d/acme/alarms?status=bogus",
      "/d/acme/alarms?nonsense=1",
      "/d/all/alarms?deployments=hidden",
      "/d/nowhere/alarms",
      `/d/acme/alarms?q=${"a".repeat(4_000)}`,
    ]) {
      await expect(save(asBob, "Bad", view), view).rejects.toMatchObject({
        code: "invalid_request",
        param: "view",
      });
    }
    expect(await names(asBob)).toEqual([]);
  });

  it("leaves out of a teammate's menu a shared view of a deployment they may not see, and will not let them touch it", async () => {
    const hidden = await save(asAlice, "Hidden's open", "/d/hidden/alarms?status=open", true);
    await save(asAlice, "Both", "/d/all/alarms?deployments=acme,hidden", true);
    await save(asAlice, "Every one I may see", "/d/all/alarms", true);
    await save(asAlice, "Acme's", "/d/all/alarms?deployments=acme", true);
    expect(await names(asBob)).toEqual([
      "Acme's by Alice Archer",
      "Every one I may see by Alice Archer",
    ]);
    await expect(changeView(db(), asBob, hidden.id, { name: "x" }, T)).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await names(asAlice)).toHaveLength(4);
  });

  it(`keeps at most ${MAX_VIEWS} views per analyst`, async () => {
    await db()
      .insertInto("saved_views")
      .values(
        Array.from({ length: MAX_VIEWS }, (_, n) => ({
          id: crypto.randomUUID(),
          owner_id: bob.id,
          name: `View ${n}`,
          view: OPEN_HIGH,
          shared: false,
          created_at: T,
          updated_at: T,
        })),
      )
      .execute();
    await expect(save(asBob, "One more")).rejects.toMatchObject({ code: "conflict" });
    await expect(save(asAlice, "Alice's first")).resolves.toMatchObject({ mine: true });
    expect(await listViews(db(), asBob)).toHaveLength(MAX_VIEWS);
  });
});
