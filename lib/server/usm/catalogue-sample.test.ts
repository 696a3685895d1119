import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { CATALOGUE_CREDS, catalogueSimulator, catalogueSize } from "@/test/catalogue-simulator";
import { asTester, testClient } from "@/test/usm-client";
import { readCatalogue } from "./catalogue-read";

// The catalogue's first sample against the real simulator over HTTP: what it reads when the
// upstream fails, and when it refuses or ignores the sorts by rule fields it does not document.

const world = catalogueSimulator();
const CREDS = CATALOGUE_CREDS;

describe("the first sample", () => {
  it("answers with what is known when the upstream fails, and tries again later, not at once", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let now = 0;
    const client = testClient(world.sim, CREDS, { cacheTtlMs: 0, catalogue: { now: () => now } });
    world.sim.setFaults({ failRate: 1, failStatus: 500, routes: ["alarms"] });
    expect(catalogueSize((await readCatalogue(asTester(client))).value())).toBe(0);
    expect(warn).toHaveBeenCalledWith(
      "[usm] catalogue seed failed (upstream_unavailable); answering with the values known",
    );
    const failed = world.sim.stats().byRoute.alarms;
    expect(failed).toBe(8); // the first wave

    world.sim.setFaults({ failRate: 0 });
    now += 29_999;
    await readCatalogue(asTester(client));
    expect(world.sim.stats().byRoute.alarms).toBe(failed);
    now += 1;
    expect((await readCatalogue(asTester(client))).value().strategies).toContain("Web Shell");
    expect(world.sim.stats().byRoute.alarms).toBe(failed + 11);
    warn.mockRestore();
  });
});

/**
 * The simulator behind a proxy that treats sorts by rule fields as the real service may: it
 * refuses them (400) or ignores them (the newest alarms come back). Counts what it did.
 */
async function undocumentedSorts(mode: "refuse" | "ignore") {
  let handled = 0;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", world.sim.url);
    if (/^rule_/.test(url.searchParams.get("sort") ?? "")) {
      handled++;
      if (mode === "refuse") {
        res.writeHead(400, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ result: "error", location: url.pathname, error: "Bad sort" }));
        return;
      }
      url.searchParams.delete("sort");
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const name of ["authorization", "content-type", "accept"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    const answer = await fetch(url, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(answer.status, { "Content-Type": "application/json" });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    handled: () => handled,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each([
  // 4 newest and oldest + 3 spread + 4 newest in place of the refused sorts
  ["refuses", "refuse", 11],
  // 8 (the rule sorts come back in time order) + 3 spread + 4 newest in their place
  ["ignores", "ignore", 15],
] as const)("an upstream that %s sorts by rule fields", (_, mode, reads) => {
  it("gives a sample of the newest pages instead", async () => {
    const proxy = await undocumentedSorts(mode);
    try {
      const client = testClient(proxy, CREDS, { cacheTtlMs: 0 });
      const catalogue = (await readCatalogue(asTester(client))).value();
      expect(proxy.handled()).toBe(4);
      expect(world.sim.stats().byRoute.alarms).toBe(reads);
      // The seven newest pages, at least.
      const newest700 = new Set(world.newest1000.slice(0, 700).map((alarm) => alarm.rule_method));
      for (const method of newest700) expect(catalogue.methods).toContain(method);
      expect(catalogue.strategies).toContain("Brute Force Authentication");
    } finally {
      await proxy.close();
    }
  });
});
