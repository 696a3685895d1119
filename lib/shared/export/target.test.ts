import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { EVERY_DEPLOYMENT, oneDeployment, someDeployments } from "@/lib/shared/deployments/scope";
import type { ExportPlan } from "./contract";
import { exportFilePath, exportPlanPath, exportProgressPath, type ExportTarget } from "./target";

// The dialog's requests: the view's own parameters (page and size left out), the queue's
// deployments, and a rolling range frozen to the plan's bounds in the file's request.

const plan: ExportPlan = { total: 10, cap: 100, gte: 1_000_000, lte: 2_000_000, source: "index" };

describe("an export's paths", () => {
  const acme: ExportTarget = {
    scope: oneDeployment("acme"),
    query: {
      ...DEFAULT_QUERY,
      page: 3,
      size: 50,
      q: "user:alice",
      sort: { field: "priority", direction: "asc" },
      filters: { status: ["open", "in_review"], range: "24h" },
    },
    tz: "Europe/Berlin",
  };

  it("ask a deployment's plan for the view as it stands, and its file frozen to the plan", () => {
    expect(exportPlanPath(acme)).toBe(
      "/api/d/acme/alarms/export/plan?sort=priority%2Casc&q=user%3Aalice&status=open&status=in_review&range=24h&tz=Europe%2FBerlin",
    );
    expect(exportFilePath(acme, plan, "csv", "id-12345678")).toBe(
      "/api/d/acme/alarms/export?sort=priority%2Casc&q=user%3Aalice&status=open&status=in_review" +
        "&timestamp_occured_gte=1970-01-01T00%3A16%3A40Z&timestamp_occured_lte=1970-01-01T00%3A33%3A20Z&tz=Europe%2FBerlin&format=csv&id=id-12345678",
    );
    expect(exportProgressPath(acme, "id-12345678")).toBe("/api/d/acme/alarms/export/id-12345678");
  });

  it("name the queue's deployments for all, and none when it shows every one", () => {
    const all: ExportTarget = { scope: EVERY_DEPLOYMENT, query: DEFAULT_QUERY, tz: "UTC" };
    expect(exportPlanPath(all)).toBe("/api/d/all/alarms/export/plan");
    expect(exportPlanPath({ ...all, scope: someDeployments([]) })).toBe(
      "/api/d/all/alarms/export/plan",
    );
    const named = { ...all, scope: someDeployments(["acme", "beta"]) };
    expect(exportPlanPath(named)).toBe("/api/d/all/alarms/export/plan?deployments=acme%2Cbeta");
    expect(exportFilePath(named, { ...plan, gte: null }, "json", "id-12345678")).toBe(
      "/api/d/all/alarms/export?timestamp_occured_lte=1970-01-01T00%3A33%3A20Z&deployments=acme%2Cbeta&format=json&id=id-12345678",
    );
    expect(exportProgressPath(named, "id-12345678")).toBe("/api/d/all/alarms/export/id-12345678");
    // A deployment's export never names deployments.
    expect(exportPlanPath({ ...named, scope: oneDeployment("acme") })).toBe(
      "/api/d/acme/alarms/export/plan",
    );
  });
});
