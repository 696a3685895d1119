// Conformance: every error is JSON in the vendor layout {"result","location","error"}.
import { describe, expect, it } from "vitest";
import { ErrorBody, startWithToken } from "./test-support";

const { sim, token } = await startWithToken({ alarms: 20 });
const auth = { Authorization: `Bearer ${token}` };

async function expectVendorError(res: Response, status: number, location: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await res.json()) as ErrorBody;
  expect(Object.keys(body).sort()).toEqual(["error", "location", "result"]);
  expect(body).toMatchObject({ result: "error", location });
  expect(body.error.length).toBeGreaterThan(0);
}

describe("errors", () => {
  it.each(["/", "/api", "/api/2.0", "/api/2.0/events", "/api/2.0/alarms/a/b", "/_sim/nothing"])(
    "answers 404 JSON for the unknown path %s",
    async (path) => {
      await expectVendorError(await fetch(`${sim.url}${path}`, { headers: auth }), 404, path);
    },
  );

  it.each([
    ["POST", "/api/2.0/alarms"],
    ["DELETE", "/api/2.0/alarms"],
    ["PUT", "/api/2.0/alarms/0f8fad5b-d9cb-469f-a165-70867728950e"],
    ["DELETE", "/api/2.0/oauth/token"],
  ])("answers 405 JSON with an Allow header to %s %s", async (method, path) => {
    const res = await fetch(`${sim.url}${path}`, { method, headers: auth });
    expect(res.headers.get("allow")).toMatch(/GET|POST/);
    await expectVendorError(res, 405, path);
  });
});
