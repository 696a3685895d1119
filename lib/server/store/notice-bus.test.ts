import { randomUUID } from "node:crypto";
import { createClient } from "@redis/client";
import { describe, expect, it } from "vitest";
import { redisFixture } from "@/test/redis-fixture";
import { MemoryStore } from "./memory";
import { NOTICE_CHANNEL, NoticeBus, publishNotice, readNotice } from "./notice-bus";
import type { NoticeKind, NoticeOf } from "./notice-kinds";
import type { SharedStore } from "./types";

// The notice bus on both stores: one subscription per process whatever the number of its
// listeners, each listener handed the notices of its kind only, typed and checked, a message it
// does not know ignored, and a subscription the store refused made at the next ask.

const redis = redisFixture();

const rows: NoticeOf<"index"> = {
  type: "rows",
  deployment: "acme",
  kind: "follow",
  rows: 2,
  at: 5,
};
const triage: NoticeOf<"triage"> = {
  deployment: "acme",
  uuids: ["00000000-0000-4000-8000-000000000001"],
  action: "owner",
  analyst: "alice",
  analystName: "Alice",
  owner: "alice",
  at: 7,
};
const session: NoticeOf<"session"> = { type: "revoked", sid: "s-1" };

/** A store whose subscriptions are counted (the client's side of the count). */
function counted<S extends SharedStore>(store: S): S & { subscriptions: () => number } {
  let made = 0;
  const subscribe = store.subscribe.bind(store);
  store.subscribe = (channel, listener) => {
    made++;
    return subscribe(channel, listener);
  };
  return Object.assign(store, { subscriptions: () => made });
}

/** Resolves once `check` holds: Redis delivers on its own connection, a moment later. */
async function eventually(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("not within 5 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(["memory", "redis"] as const)("the notice bus on the %s store", (kind) => {
  /** Two processes: one bus each on a store of their own (memory: the same store). */
  const processes = (context: { skip: () => void }) => {
    if (kind === "redis" && !redis.server) context.skip();
    if (kind === "memory") {
      const store = counted(new MemoryStore());
      return { here: store, there: store, channel: NOTICE_CHANNEL };
    }
    const prefix = `${randomUUID()}:`;
    const here = counted(redis.store({ prefix }));
    return { here, there: redis.store({ prefix }), channel: `${prefix}${NOTICE_CHANNEL}` };
  };

  it("holds one subscription per process, whatever the number of its listeners", async (context) => {
    const { here, channel } = processes(context);
    const bus = new NoticeBus(here);
    const heard: Record<NoticeKind, number> = { index: 0, triage: 0, session: 0 };
    for (let i = 0; i < 20; i++) {
      bus.listen("index", () => heard.index++);
      bus.listen("triage", () => heard.triage++);
      bus.listen("session", () => heard.session++);
    }
    await bus.ready();
    expect(here.subscriptions()).toBe(1);
    if (kind === "redis") {
      // As the Redis server counts them: one subscriber on the bus's channel.
      const client = createClient({ url: redis.server!.url });
      await client.connect();
      const numsub = await client.pubSubNumSub(channel);
      await client.close();
      expect(numsub[channel]).toBe(1);
    }
    await publishNotice(here, "triage", triage);
    await eventually(() => heard.triage === 20);
    expect(heard).toEqual({ index: 0, triage: 20, session: 0 });
    await bus.close();
  });

  it("hands each listener the notices of its kind, from every process, until it leaves", async (context) => {
    const { here, there } = processes(context);
    const bus = new NoticeBus(here);
    const heard: unknown[] = [];
    const leave = bus.listen("index", (notice) => heard.push(["index", notice.deployment]));
    bus.listen("session", (notice) => heard.push(["session", notice.type]));
    await bus.ready();
    await publishNotice(there, "index", rows);
    await publishNotice(there, "session", session);
    await eventually(() => heard.length === 2);
    expect(heard).toEqual([
      ["index", "acme"],
      ["session", "revoked"],
    ]);
    leave();
    await publishNotice(there, "index", rows);
    await publishNotice(there, "session", { type: "revoked-all", user: "alice" });
    await eventually(() => heard.length === 3);
    expect(heard.at(-1)).toEqual(["session", "revoked-all"]);
    await bus.close();
  });

  it("ignores a message it does not know, and hears the next", async (context) => {
    const { here, there } = processes(context);
    const bus = new NoticeBus(here);
    const heard: unknown[] = [];
    bus.listen("index", (notice) => heard.push(notice));
    await bus.ready();
    for (const message of [
      "not json",
      JSON.stringify(rows), // without its kind
      JSON.stringify({ kind: "verdict", notice: rows }), // a newer version's kind
      JSON.stringify({ kind: "index", notice: { ...rows, deployment: "../acme" } }),
      JSON.stringify({ kind: "index", notice: { ...rows, rows: 0 } }),
      JSON.stringify({ kind: "toString", notice: rows }),
    ]) {
      await there.publish(NOTICE_CHANNEL, message);
    }
    // Not sent at all: the bus checks what it sends as it checks what it hears.
    await publishNotice(there, "index", { ...rows, kind: "rebuild" } as never);
    await publishNotice(there, "index", { ...rows, at: 6 });
    await eventually(() => heard.length === 1);
    expect(heard).toEqual([{ ...rows, at: 6 }]);
    await bus.close();
  });
});

it("subscribes again at the next ask when the store refused, and never rejects a publisher", async () => {
  const store = counted(new MemoryStore());
  const subscribe = store.subscribe;
  store.subscribe = () => Promise.reject(new Error("store_unavailable"));
  const bus = new NoticeBus(store);
  const heard: unknown[] = [];
  bus.listen("triage", (notice) => heard.push(notice));
  await expect(bus.ready()).rejects.toThrow("store_unavailable");
  store.subscribe = subscribe;
  await bus.ready();
  await publishNotice(store, "triage", triage);
  expect(heard).toEqual([triage]);
  store.publish = () => Promise.reject(new Error("store_unavailable"));
  await expect(publishNotice(store, "triage", triage)).resolves.toBeUndefined();
});

it("reads a notice of a kind it knows, and leaves out the rest", () => {
  expect(readNotice(JSON.stringify({ kind: "index", notice: rows }))).toEqual({
    kind: "index",
    notice: rows,
  });
  expect(readNotice(JSON.stringify({ kind: "triage", notice: { ...triage, uuids: [] } }))).toBe(
    null,
  );
  expect(readNotice("[]")).toBeNull();
});
