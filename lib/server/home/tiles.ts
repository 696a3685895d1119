import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/shared/core/errors";
import type { UsmCall } from "@/lib/server/usm/alarms";
import { upstreamPageSchema } from "@/lib/server/usm/schemas";
import type { Deployment } from "@/lib/server/deployments/registry";
import type { DeploymentTile } from "@/lib/shared/deployments/tile";

// The home page's tile of one deployment: its open alarms by priority, the newest one's time, and
// its health. The API has no aggregation, so counts are `page.totalElements` of `size=1` reads:
// four per deployment (all open, newest first, which also gives the newest alarm; then low, medium
// and high), shared by every analyst and replica through the store for a while, and taken from
// the deployment's own budget like any read. Labels the published enum lacks (`critical` on newer
// deployments) cannot be asked for by name on every deployment: they are what the open total
// holds beyond the three known labels.

/** How long a tile's counts are shared: a glance at the home page, not a live queue. */
export const TILE_TTL_MS = 30_000;

const ALARMS_PATH = "/api/2.0/alarms";
const KNOWN_LABELS = ["high", "medium", "low"] as const;

const countSchema = upstreamPageSchema.transform((page) => ({
  total: page.page?.totalElements ?? page._embedded?.alarms?.length ?? 0,
  newest: page._embedded?.alarms?.[0]?.timestamp_occured,
}));

function openParams(label?: string): URLSearchParams {
  const params = new URLSearchParams({
    page: "0",
    size: "1",
    sort: "timestamp_occured,desc",
    status: "open",
  });
  if (label) params.set("priority_label", label);
  return params;
}

async function count(call: UsmCall, label?: string) {
  const shared = await call.client.read(
    call.analyst,
    "tile-count",
    ALARMS_PATH,
    openParams(label),
    (json) => countSchema.parse(json),
    { ttlMs: TILE_TTL_MS },
  );
  return shared.value();
}

const epoch = z.coerce.number().int().positive();

/** One deployment's tile; a failed read shows as unknown, never as 0. */
export async function readTile(deployment: Deployment, analyst: string): Promise<DeploymentTile> {
  const client = deployment.client();
  const call: UsmCall = { analyst, client };
  const [open, ...labelled] = await Promise.allSettled([
    count(call),
    ...KNOWN_LABELS.map((label) => count(call, label)),
  ]);
  const known = labelled.map((result) =>
    result.status === "fulfilled" ? result.value.total : null,
  );
  const total = open?.status === "fulfilled" ? open.value.total : null;
  const sumKnown = known.every((value) => value !== null)
    ? known.reduce<number>((sum, value) => sum + value!, 0)
    : null;
  const other = total !== null && sumKnown !== null ? Math.max(0, total - sumKnown) : null;
  const newest = open?.status === "fulfilled" ? epoch.safeParse(open.value.newest) : undefined;
  const failure = [open, ...labelled].find((result) => result?.status === "rejected");
  const error =
    failure?.status === "rejected"
      ? failure.reason instanceof ApiError
        ? failure.reason
        : new ApiError("internal", "Something went wrong on our side.")
      : null;
  const status = client.status();
  return {
    deployment: { key: deployment.key, name: deployment.name, kind: deployment.kind },
    counts:
      total === null && known.every((value) => value === null)
        ? null
        : {
            open: total,
            byPriority: [
              ...KNOWN_LABELS.map((label, index) => ({ label, count: known[index] ?? null })),
              ...(other ? [{ label: "other" as const, count: other }] : []),
            ],
            newestAt: newest?.success ? newest.data : null,
          },
    error: error ? { code: error.code, message: error.message } : null,
    health: {
      tokenValid: status.token.valid,
      tokenExpiresAt: status.token.expiresAt,
      lastError: await client.lastError().catch(() => null),
      budget: {
        recentPerSecond: status.budget.get.recentPerSecond,
        sustainedPerSecond: status.budget.get.sustainedPerSecond,
      },
    },
  };
}
