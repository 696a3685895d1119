import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { type AlarmCatalogue } from "@/lib/shared/alarms/types";
import { alarmCatalogueSchema, alarmPageSchema } from "@/lib/server/core/shapes";
import { parseErrorBody } from "@/lib/shared/core/errors";

// GET /api/d/acme/alarms/catalogue on the real app and the real simulator (5000 alarms, seed 42): the
// rule values and sensors the filters can offer, seeded from a first sample on the first ask.

async function catalogueOf(request: APIRequestContext) {
  const response = await request.get("/api/d/acme/alarms/catalogue");
  // 200, not the 404 of /api/d/acme/alarms/[uuid]: the static segment wins over the dynamic one.
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(response.headers()["cache-control"]).toBe("private, max-age=60");
  return alarmCatalogueSchema.parse(await response.json());
}

test("a signed-in analyst gets the deployment's rule values and sensors, rare ones included", async ({
  page,
}) => {
  const catalogue = await catalogueOf(page.request);
  expect(catalogue.strategies).toEqual(
    expect.arrayContaining([
      "Brute Force Authentication",
      "Web Shell",
      "Credential Dumping",
      "Data Exfiltration",
    ]),
  );
  expect(catalogue.intents).toEqual(
    expect.arrayContaining([
      "Delivery & Attack",
      "Reconnaissance & Probing",
      "Exploitation & Installation",
      "System Compromise",
      "Environmental Awareness",
    ]),
  );
  expect(catalogue.methods).toEqual(expect.arrayContaining(["SSH", "Suspicious file upload"]));
  expect(catalogue.sensors.length).toBeGreaterThan(0);
});

test("each value it offers is a filter that finds alarms", async ({ page }) => {
  const catalogue: AlarmCatalogue = await catalogueOf(page.request);
  // The rarest of each kind (the lists are most often seen first), and a sensor.
  const probes = [
    ["rule_strategy", catalogue.strategies.at(-1)],
    ["rule_method", catalogue.methods.at(-1)],
    ["rule_intent", catalogue.intents.at(-1)],
    ["alarm_sensor_sources", catalogue.sensors.at(-1)],
  ] as const;
  for (const [param, value] of probes) {
    expect(value, param).toBeDefined();
    const response = await page.request.get(
      `/api/d/acme/alarms?${new URLSearchParams({ [param]: value!, size: "10" })}`,
    );
    expect(response.status(), `${param}=${value}`).toBe(200);
    const result = alarmPageSchema.parse(await response.json());
    expect(result.page.totalElements, `${param}=${value}`).toBeGreaterThan(0);
  }
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("it answers 401 in the error shape, and nothing that a cache keeps", async ({ request }) => {
    const response = await request.get("/api/d/acme/alarms/catalogue", { maxRedirects: 0 });
    expect(response.status()).toBe(401);
    expect(response.headers()["cache-control"]).toContain("no-store");
    expect(parseErrorBody(await response.json())?.error.code).toBe("unauthenticated");
  });
});
