import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TeamCounts } from "@/lib/shared/deployments/tile";
import { TileTeam } from "./tile-team";

// The team's part of a tile as an analyst reads it: each number a link to exactly its alarms,
// "2,000+" past the list's cap as the list says "or more", and "unknown" (no link, no 0) when the
// console's database could not be read.

const SINCE = Date.UTC(2026, 10, 28, 23);
const n = (count: number, atLeast = false) => ({ count, atLeast });

const TEAM: TeamCounts = {
  counts: { open: n(2000, true), unacknowledged: n(12), unowned: n(0), mine: n(3) },
  closedToday: [
    { verdict: "true_positive", count: n(1) },
    { verdict: "false_positive", count: n(4) },
    { verdict: "benign", count: n(0) },
    { verdict: "duplicate", count: n(0) },
  ],
  since: SINCE,
  zone: "Europe/Berlin",
  partial: false,
};

/** The tile's team links: what a screen reader says, and the search each opens. */
function links(markup: string): [string, string][] {
  return [...markup.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map(([, href, inner]) => [
    inner!
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
    new URL(href!.replaceAll("&amp;", "&"), "http://x").searchParams.get("q") ?? "",
  ]);
}

describe("the team's part of a tile", () => {
  it("links each count to exactly the alarms it counts", () => {
    const found = links(renderToStaticMarkup(<TileTeam deployment="acme" team={TEAM} />));
    expect(found).toEqual([
      ["Open for the team: 2,000+ Open for the team 2,000+", "closed:false"],
      ["Unacknowledged: 12 Unacknowledged 12", "closed:false acknowledged:false"],
      ["Unowned: 0 Unowned 0", "closed:false owner:none"],
      ["Mine: 3 Mine 3", "closed:false owner:me"],
      ["True positive 1", "verdict:true_positive closed_at >= 2026-11-29T00:00+01:00"],
      ["False positive 4", "verdict:false_positive closed_at >= 2026-11-29T00:00+01:00"],
      ["Benign 0", "verdict:benign closed_at >= 2026-11-29T00:00+01:00"],
      ["Duplicate 0", "verdict:duplicate closed_at >= 2026-11-29T00:00+01:00"],
    ]);
  });

  it("says its counts are so far while the index still reads the deployment's past", () => {
    const reading = renderToStaticMarkup(
      <TileTeam deployment="acme" team={{ ...TEAM, partial: true }} />,
    );
    expect(reading).toContain("so far: the index is still reading");
    expect(renderToStaticMarkup(<TileTeam deployment="acme" team={TEAM} />)).not.toContain(
      "so far",
    );
  });

  it("says unknown, never 0, and links nowhere, when the database could not be read", () => {
    const markup = renderToStaticMarkup(<TileTeam deployment="acme" team={null} />);
    expect(links(markup)).toEqual([]);
    expect(markup.match(/unknown/g)?.length).toBe(4 * 2 + 4);
    expect(markup).not.toMatch(/>0</);
  });
});
