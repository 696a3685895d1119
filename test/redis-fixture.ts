// For vitest suites that run the same tests on the memory store and a real Redis: one
// redis-server for the file (started before, stopped after), and stores on it that are closed
// with it, each under a prefix of its own so tests never see each other's keys.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { RedisStore, type RedisStoreOptions } from "@/lib/server/store/redis";
import { redisTestsEnabled, startRedisServer, type RedisServer } from "./redis-server";

export interface RedisFixture {
  /** The server, once started; undefined where redis-server is missing (outside CI). */
  readonly server: RedisServer | undefined;
  /** A store on the server under a fresh prefix, closed after the file's tests. */
  store(options?: Partial<RedisStoreOptions>): RedisStore;
}

export function redisFixture(): RedisFixture {
  let server: RedisServer | undefined;
  const opened: RedisStore[] = [];
  beforeAll(async () => {
    if (redisTestsEnabled()) server = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await server?.close();
  });
  return {
    get server() {
      return server;
    },
    store(options = {}) {
      if (!server) throw new Error("redis-server is not running");
      const store = new RedisStore({ url: server.url, prefix: `${randomUUID()}:`, ...options });
      opened.push(store);
      return store;
    },
  };
}
