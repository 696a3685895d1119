import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DeploymentTile } from "@/lib/shared/deployments/tile";
import { TileHealth } from "./tile-health";

// The tile's "Last error" as an analyst reads it: red while the deployment has not answered since,
// plain (with when it recovered) once it has, so a timeout at start-up does not look like an
// outage nine minutes later beside an index in step.

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const MIN = 60_000;

function health(lastError: DeploymentTile["health"]["lastError"]): DeploymentTile["health"] {
  return {
    tokenValid: true,
    tokenExpiresAt: NOW + 10 * MIN,
    lastError,
    budget: { recentPerSecond: 1, sustainedPerSecond: 90, limitPerSecond: 100 },
  };
}

const index: DeploymentTile["index"] = {
  state: "following",
  syncedAt: NOW - 8_000,
  backfill: null,
  reason: null,
};

/** The "Last error" entry's markup. */
function lastErrorEntry(lastError: DeploymentTile["health"]["lastError"]): string {
  const html = renderToStaticMarkup(
    <TileHealth health={health(lastError)} index={index} now={NOW} />,
  );
  return /<dt[^>]*>Last error<\/dt><dd[^>]*>(.*?)<\/dd>/.exec(html)?.[1] ?? "";
}

const text = (html: string) => html.replace(/<[^>]+>/g, "");

const timeout = {
  code: "upstream_timeout",
  message: "The deployment did not answer in time.",
  at: NOW - 10 * MIN,
};

describe("a deployment's last error on its tile", () => {
  it("is red while the deployment has not answered since", () => {
    const entry = lastErrorEntry({ ...timeout, recoveredAt: null });
    expect(text(entry)).toBe(
      "The deployment did not answer in time. (upstream_timeout, 10 minutes ago)",
    );
    expect(entry).toContain("text-red-800");
  });

  it("says when it recovered, in a plain colour, once the deployment answered again", () => {
    const entry = lastErrorEntry({ ...timeout, recoveredAt: NOW - 9 * MIN });
    expect(text(entry)).toBe(
      "The deployment did not answer in time. (upstream_timeout, 10 minutes ago), recovered 9 minutes ago",
    );
    expect(entry).not.toContain("text-red");
  });
});
