// A live hub of deployment "acme" for the live queue's tests: its watches for no one, on the
// test's store and clock, polling through the test's client, 100 alarms a view's window.
import { LiveHub } from "@/lib/server/live/hub";
import type { SharedStore } from "@/lib/server/store";
import type { UsmClient } from "@/lib/server/usm";
import type { ManualClock } from "./manual-clock";

export function acmeHub(
  clock: ManualClock,
  store: SharedStore,
  client: UsmClient,
  intervalMs: number,
): LiveHub {
  return new LiveHub({
    analyst: null,
    store,
    clock,
    intervalMs,
    window: 100,
    deployment: (key) => (key === "acme" ? client : undefined),
  });
}
