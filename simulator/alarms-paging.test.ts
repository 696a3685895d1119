// Conformance: paging of GET /api/2.0/alarms, the HAL/Spring page envelope and its links.
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { SIM_MAX_PAGE_SIZE } from "./index";
import {
  CLIENT,
  alarmsOf,
  expectBadParameter,
  getPage,
  readAll,
  startWithToken,
  withSimulator,
} from "./test-support";

const { sim, token } = await startWithToken({ alarms: 95 });
const base = `${sim.url}/api/2.0/alarms`;
const defaultSort = "sort=timestamp_occured,desc";

describe("page envelope", () => {
  it("defaults to page 0, size 20, timestamp_occured desc, with all links but prev", async () => {
    const { status, body } = await getPage(sim, token);
    expect(status).toBe(200);
    expect(body.page).toEqual({ size: 20, totalElements: 95, totalPages: 5, number: 0 });
    expect(alarmsOf(body)).toHaveLength(20);
    expect(body._links).toEqual({
      first: { href: `${base}?page=0&size=20&${defaultSort}`, templated: false },
      self: { href: base, templated: false },
      next: { href: `${base}?page=1&size=20&${defaultSort}`, templated: false },
      last: { href: `${base}?page=4&size=20&${defaultSort}`, templated: false },
    });
  });

  it("has prev and next in the middle", async () => {
    const { body } = await getPage(sim, token, "?page=2&size=20");
    expect(body.page.number).toBe(2);
    expect(body._links.prev?.href).toBe(`${base}?page=1&size=20&${defaultSort}`);
    expect(body._links.next?.href).toBe(`${base}?page=3&size=20&${defaultSort}`);
  });

  it("drops next on the last page, which holds the remainder", async () => {
    const { body } = await getPage(sim, token, "?page=4&size=20");
    expect(alarmsOf(body)).toHaveLength(15);
    expect(body._links.next).toBeUndefined();
    expect(body._links.prev?.href).toBe(`${base}?page=3&size=20&${defaultSort}`);
    expect(body._links.last?.href).toBe(`${base}?page=4&size=20&${defaultSort}`);
  });

  it("answers a page past the end with 200, no _embedded, prev pointing at the last page", async () => {
    const { status, body } = await getPage(sim, token, "?page=9&size=20");
    expect(status).toBe(200);
    expect(body._embedded).toBeUndefined();
    expect(body.page).toEqual({ size: 20, totalElements: 95, totalPages: 5, number: 9 });
    expect(body._links.next).toBeUndefined();
    expect(body._links.prev?.href).toBe(`${base}?page=4&size=20&${defaultSort}`);
  });

  it("answers an empty result without _embedded, totalPages 0, first and last on page 0", async () => {
    const future = "timestamp_occured_gte=99999999999999";
    const { status, body } = await getPage(sim, token, `?${future}`);
    expect(status).toBe(200);
    expect(body._embedded).toBeUndefined();
    expect(body.page).toEqual({ size: 20, totalElements: 0, totalPages: 0, number: 0 });
    expect(Object.keys(body._links).sort()).toEqual(["first", "last", "self"]);
    expect(body._links.last?.href).toBe(`${base}?page=0&size=20&${defaultSort}&${future}`);
  });

  it("echoes sort and the active filters in the links, so next keeps the filter", async () => {
    const { body } = await getPage(
      sim,
      token,
      "?size=5&sort=priority,ASC&status=open&rule_intent=Delivery%20%26%20Attack",
    );
    const next = body._links.next?.href;
    expect(next).toBe(
      `${base}?page=1&size=5&sort=priority,asc&status=open&rule_intent=Delivery%20%26%20Attack`,
    );
    const all = await readAll(
      sim,
      token,
      "?size=5&sort=priority,asc&status=open&rule_intent=Delivery%20%26%20Attack",
    );
    expect(all).toHaveLength(body.page.totalElements);
    expect(all.every((a) => a.status === "open" && a.rule_intent === "Delivery & Attack")).toBe(
      true,
    );
  });

  it("builds absolute links from the Host header the client used", async () => {
    const url = new URL(`${base}?size=1`);
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        url,
        { headers: { Host: "usm.example.test:8443", Authorization: `Bearer ${token}` } },
        (res) => {
          let data = "";
          res.on("data", (chunk: Buffer) => (data += chunk.toString()));
          res.on("end", () => resolve(data));
        },
      );
      req.on("error", reject);
      req.end();
    });
    const page = JSON.parse(body) as {
      _links: { self: { href: string } };
      _embedded: { alarms: Array<{ _links: { self: { href: string } } }> };
    };
    expect(page._links.self.href).toBe("http://usm.example.test:8443/api/2.0/alarms");
    expect(page._embedded.alarms[0]?._links.self.href).toMatch(
      /^http:\/\/usm\.example\.test:8443\/api\/2\.0\/alarms\/[0-9a-f-]{36}$/,
    );
  });
});

describe("page and size parameters", () => {
  it(`accepts size ${SIM_MAX_PAGE_SIZE}, the documented maximum`, async () => {
    const { status, body } = await getPage(sim, token, `?size=${SIM_MAX_PAGE_SIZE}`);
    expect(status).toBe(200);
    expect(body.page).toMatchObject({ size: SIM_MAX_PAGE_SIZE, totalPages: 1 });
    expect(alarmsOf(body)).toHaveLength(95);
  });

  it.each([
    ["size", `size=${SIM_MAX_PAGE_SIZE + 1}`],
    ["size", "size=0"],
    ["size", "size=-5"],
    ["size", "size=ten"],
    ["page", "page=-1"],
    ["page", "page=1.5"],
    ["page", "page=abc"],
    ["page", "page=0&page=1"],
  ])("answers 400 naming '%s' for %s", async (param, query) => {
    await expectBadParameter(sim, token, query, param);
  });

  it("treats empty parameter values as absent", async () => {
    const { status, body } = await getPage(sim, token, "?page=&size=&sort=&status=");
    expect(status).toBe(200);
    expect(body.page).toMatchObject({ size: 20, number: 0, totalElements: 95 });
  });
});

describe("a client written against the real service", () => {
  it("reads every alarm exactly once by following _links.next", async () => {
    await withSimulator({ alarms: 2345 }, async (big) => {
      // Token with grant_type in the query, then the bearer token on every page.
      const grant = await fetch(`${big.url}/api/2.0/oauth/token?grant_type=client_credentials`, {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString("base64")}`,
        },
      });
      const { access_token, token_type } = (await grant.json()) as Record<string, string>;
      const seen = new Map<string, number>();
      let url: string | undefined = `${big.url}/api/2.0/alarms?page=0&size=100`;
      let pages = 0;
      while (url) {
        const res = await fetch(url, {
          headers: { Authorization: `${token_type} ${access_token}` },
        });
        expect(res.status).toBe(200);
        const page = (await res.json()) as {
          _links: { next?: { href: string } };
          _embedded?: { alarms: Array<{ uuid: string }> };
        };
        for (const alarm of page._embedded?.alarms ?? [])
          seen.set(alarm.uuid, (seen.get(alarm.uuid) ?? 0) + 1);
        url = page._links.next?.href;
        pages++;
      }
      expect(pages).toBe(24);
      expect(seen.size).toBe(2345);
      expect([...seen.values()].every((n) => n === 1)).toBe(true);
    });
  });
});
