import { describe, expect, it } from "vitest";
import {
  EVERY_DEPLOYMENT,
  isDeploymentKey,
  namedKeys,
  oneDeployment,
  scopeKeys,
  scopeOfSegment,
  scopeSegment,
  someDeployments,
} from "./scope";

describe("a list's scope", () => {
  it("reads a path's segment as one deployment or every deployment, and writes it back", () => {
    expect(scopeOfSegment("acme")).toEqual(oneDeployment("acme"));
    expect(scopeOfSegment("all")).toEqual(EVERY_DEPLOYMENT);
    expect(scopeOfSegment("Not A Key")).toBeNull();
    expect(scopeSegment(oneDeployment("acme"))).toBe("acme");
    expect(scopeSegment(someDeployments(["acme", "globex"]))).toBe("all");
    expect(scopeSegment(EVERY_DEPLOYMENT)).toBe("all");
  });

  it("never lets a deployment take the segment of every deployment as its key", () => {
    expect(isDeploymentKey("acme-eu")).toBe(true);
    expect(isDeploymentKey("all")).toBe(false);
    expect(isDeploymentKey("-acme")).toBe(false);
  });

  it("names the deployments it reads, in the order the analyst's deployments have", () => {
    const visible = ["acme", "globex", "initech"];
    expect(scopeKeys(EVERY_DEPLOYMENT, visible)).toEqual(visible);
    expect(scopeKeys(someDeployments(["initech", "acme"]), visible)).toEqual(["acme", "initech"]);
    expect(scopeKeys(someDeployments(["umbrella"]), visible)).toEqual([]);
    expect(scopeKeys(oneDeployment("globex"), visible)).toEqual(["globex"]);
    expect(scopeKeys(oneDeployment("umbrella"), visible)).toEqual([]);
    expect(someDeployments([])).toEqual(EVERY_DEPLOYMENT);
    expect(namedKeys(EVERY_DEPLOYMENT)).toEqual([]);
    expect(namedKeys(someDeployments(["acme"]))).toEqual(["acme"]);
  });
});
