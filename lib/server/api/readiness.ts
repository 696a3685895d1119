import "server-only";
import { ApiError } from "@/lib/shared/core/errors";
import { deploymentRegistry } from "@/lib/server/deployments/registry";
import { sharedStore } from "@/lib/server/store";
import { checkUpstream } from "@/lib/server/usm";

// Readiness for a load balancer: the shared store answers (asked at every probe: a ping fails at
// once when Redis is gone), and at least one deployment answers this console's client (a
// one-alarm read each, shared for a few seconds by every replica through the store; the verdict
// is kept for two seconds, so however many probes ask, each upstream sees at most one read per
// period). One customer's failing deployment fails on every replica alike: taking the replicas
// out of the balancer for it would only deny every other deployment too.
// Anonymous callers learn ready or not ready, nothing more.

const UPSTREAM_VERDICT_MS = 2_000;

let upstream: { at: number; ok: Promise<boolean> } | undefined;

export async function readiness(now = Date.now()): Promise<{ status: "ready" }> {
  const storeOk = await sharedStore()
    .ping()
    .then(
      () => true,
      () => false,
    );
  if (storeOk) {
    if (!upstream || now - upstream.at >= UPSTREAM_VERDICT_MS) {
      upstream = {
        at: now,
        ok: Promise.any(
          deploymentRegistry()
            .all()
            .map((deployment) => checkUpstream(deployment.client())),
        ).then(
          () => true,
          () => false,
        ),
      };
    }
    if (await upstream.ok) return { status: "ready" };
  }
  throw new ApiError("not_ready", "Not ready.", { retryAfterSeconds: 2 });
}
