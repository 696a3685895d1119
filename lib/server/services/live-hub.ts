import "server-only";
import { deploymentRegistry } from "@/lib/server/deployments/registry";
import { serverEnv } from "@/lib/server/env";
import { sharedStore } from "@/lib/server/store";
import { LiveHub } from "@/lib/server/live/hub";

// This process's live hub, from the validated environment; on globalThis, so that every route
// bundle shares its watchers. Null when the live queue is turned off (LIVE_INTERVAL_SECONDS=0).

const KEY = Symbol.for("alarm-console.live-hub");
type Holder = { [KEY]?: LiveHub | null };

export function liveHub(): LiveHub | null {
  const holder = globalThis as Holder;
  if (holder[KEY] !== undefined) return holder[KEY];
  const { live } = serverEnv();
  const registry = deploymentRegistry();
  holder[KEY] =
    live.intervalMs > 0
      ? new LiveHub({
          store: sharedStore(),
          intervalMs: live.intervalMs,
          budgetShare: live.budgetShare,
          window: live.window,
          deployment: (key) => {
            const deployment = registry.all().find((d) => d.key === key);
            return (
              deployment && {
                client: deployment.client(),
                getPerSecond: deployment.config.getPerSecond,
              }
            );
          },
        })
      : null;
  return holder[KEY];
}
