import { expect, it } from "vitest";
import { subscribeSessionNotices } from "@/lib/server/auth/session-notices";
import { publishIndexNotice } from "@/lib/server/mirror/live-notices";
import { MemoryStore } from "@/lib/server/store/memory";
import { publishTriageNotice, triageNotices } from "@/lib/server/triage/notices";
import { ManualClock } from "@/test/manual-clock";
import { IndexNoticeBoard } from "./notices";

// What a process hears of the team's and the index's notices: the index watches, the triage
// streams and the sessions' streams all listen on one subscription of the store, and the
// watches' board still remembers the backfill's writes it heard.

it("listens to the index's, the triage's and the sessions' notices over one subscription", async () => {
  const store = new MemoryStore();
  let subscriptions = 0;
  const subscribe = store.subscribe.bind(store);
  store.subscribe = (channel, listener) => {
    subscriptions++;
    return subscribe(channel, listener);
  };
  const clock = new ManualClock();
  const board = new IndexNoticeBoard(store, clock);
  const rows: string[] = [];
  board.join((notice) => rows.push(notice.kind));
  expect(await board.listen()).toBe(true);
  const triage = triageNotices(store);
  const teams: string[] = [];
  triage.listen((notice) => teams.push(notice.analyst));
  await triage.ready();
  const ended: string[] = [];
  await subscribeSessionNotices(store, (notice) => ended.push(notice.type));
  expect(subscriptions).toBe(1);

  await publishIndexNotice(store, {
    type: "rows",
    deployment: "acme",
    kind: "backfill",
    rows: 3,
    at: 1_000,
  });
  await publishTriageNotice(store, {
    deployment: "acme",
    uuids: ["00000000-0000-4000-8000-000000000001"],
    action: "acknowledged",
    analyst: "alice",
    analystName: "Alice",
    acknowledged: true,
    at: 2_000,
  });
  expect(rows).toEqual(["backfill"]);
  expect(teams).toEqual(["alice"]);
  expect(ended).toEqual([]);
  expect(board.backfilled("acme", 1_000)).toBe(true);
  await board.close();
});
