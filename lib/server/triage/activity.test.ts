import { randomUUID } from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import { NO_ACTIVITY_FILTERS, type ActivityFilters } from "@/lib/shared/triage/audit";
import { testAnalyst } from "@/test/analyst";
import { describeEachEngine } from "@/test/index-db";
import { testUuid } from "@/test/indexed-alarm";
import { readActivity } from "./activity";
import { auditScope } from "./activity-record";
import { audit, type Actor } from "./alarm-row";
import { forgetRecordedAnalysts, recordAnalyst } from "./analysts";

// The activity page's read on both engines: filters by analyst, action, deployment and time, a
// keyset that goes on below the last id however the team writes meanwhile, and access inside the
// statement (a row of a deployment the analyst may not see, or of "all" covering one, never comes
// back). The trail is append-only, so each test works on deployments of its own.

const alice = testAnalyst("local:alice", { name: "Alice Archer" });
const bob = testAnalyst("local:bob", { name: "Bob Baker" });
const asActor = (id: string, handle: string, name: string): Actor => ({ id, handle, name });
const ALICE = asActor(alice.id, "alice", "Alice Archer");
const BOB = asActor(bob.id, "bob", "Bob Baker");
const T = 1_764_000_000_000;
const NONE = NO_ACTIVITY_FILTERS;

describeEachEngine("The team's activity", ({ database }) => {
  const db = () => database().db;
  let acme = "";
  let hidden = "";

  beforeEach(async () => {
    const suffix = randomUUID().slice(0, 8);
    acme = `acme-${suffix}`;
    hidden = `hidden-${suffix}`;
    forgetRecordedAnalysts();
    await recordAnalyst(db(), alice, T);
    await recordAnalyst(db(), bob, T);
  });

  const act = (actor: Actor, deployment: string, action: "owner" | "opened", at: number) =>
    audit(db(), { deployment, uuid: testUuid() }, actor, action, null, { owner: actor.handle }, at);

  const texts = async (visible: string[], filters: Partial<ActivityFilters> = {}) =>
    (await readActivity(db(), { visible }, { ...NONE, ...filters })).events.map(
      (event) => `${event.analyst} ${event.action} ${event.deployment.split("-")[0]}`,
    );

  it("reads newest first, filtered by analyst, action, deployment and time", async () => {
    await act(ALICE, acme, "owner", T);
    await act(BOB, acme, "opened", T + 1_000);
    await act(BOB, hidden, "owner", T + 2_000);
    const both = [acme, hidden];
    expect(await texts(both)).toEqual(["bob owner hidden", "bob opened acme", "alice owner acme"]);
    expect(await texts(both, { analyst: ["bob"] })).toEqual([
      "bob owner hidden",
      "bob opened acme",
    ]);
    expect(await texts(both, { action: ["owner"] })).toEqual([
      "bob owner hidden",
      "alice owner acme",
    ]);
    expect(await texts(both, { deployment: [acme] })).toEqual([
      "bob opened acme",
      "alice owner acme",
    ]);
    expect(await texts(both, { from: T + 500, to: T + 2_000 })).toEqual(["bob opened acme"]);
    const page = await readActivity(db(), { visible: both }, NONE);
    expect(page.names).toMatchObject({ alice: "Alice Archer", bob: "Bob Baker" });
  });

  it("pages by keyset: the next page goes on below the last row, whatever is written meanwhile", async () => {
    for (let i = 0; i < 5; i += 1) await act(ALICE, acme, "opened", T + i);
    const first = await readActivity(db(), { visible: [acme] }, NONE, 2);
    expect(first.events.map((event) => event.at)).toEqual([T + 4, T + 3]);
    await act(BOB, acme, "owner", T + 10); // written between the pages: not on the next one
    const second = await readActivity(
      db(),
      { visible: [acme] },
      { ...NONE, before: first.next },
      2,
    );
    expect(second.events.map((event) => event.at)).toEqual([T + 2, T + 1]);
    const third = await readActivity(
      db(),
      { visible: [acme] },
      { ...NONE, before: second.next },
      2,
    );
    expect(third.events.map((event) => event.at)).toEqual([T]);
    expect(third.next).toBeNull();
  });

  it("never shows a row of a deployment the analyst may not see, nor of 'all' covering one", async () => {
    await act(ALICE, hidden, "owner", T);
    await act(ALICE, acme, "owner", T + 1);
    const base = { analystId: alice.id, before: null, now: T + 2 };
    await auditScope(db(), {
      ...base,
      scope: { all: [acme, hidden] },
      action: "exported",
      after: { format: "csv", rows: 3 },
    });
    await auditScope(db(), {
      ...base,
      scope: { all: [acme] },
      action: "exported",
      after: { format: "ndjson", rows: 1 },
    });
    // Bob sees acme only; asking for hidden by name changes nothing.
    expect(await texts([acme])).toEqual(["alice exported all", "alice owner acme"]);
    expect(await texts([acme], { deployment: [hidden] })).toEqual([]);
    const [exported] = (await readActivity(db(), { visible: [acme] }, NONE)).events;
    expect(exported).toMatchObject({ uuid: null, after: { format: "ndjson", rows: 1 } });
    expect(await texts([acme, hidden])).toHaveLength(4);
  });
});
