// Upstream calls counted at the benches' simulators, per deployment: a snapshot before, the
// difference after (alarm list and alarm reads, token requests).
import type { BenchDeployment } from "./bench-app";

/** Upstream calls since `before`, per deployment: alarm list reads and token requests. */
export function upstreamSince(deployments: BenchDeployment[], before: Snapshot) {
  const now = snapshot(deployments);
  const alarms = now.map((each, n) => each.alarms - before[n]!.alarms);
  const tokens = now.map((each, n) => each.token - before[n]!.token);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return { alarms, tokens, total: sum(alarms), tokenTotal: sum(tokens), max: Math.max(...alarms) };
}
export type Snapshot = { alarms: number; token: number }[];
export const snapshot = (deployments: BenchDeployment[]): Snapshot =>
  deployments.map(({ sim }) => {
    const { byRoute } = sim.stats();
    return { alarms: byRoute.alarms + byRoute.alarm, token: byRoute.token };
  });
export type Calls = ReturnType<typeof upstreamSince>;
export const perDeployment = (calls: Calls) =>
  `${Math.min(...calls.alarms)}-${calls.max} per deployment (${calls.total} in all), ${calls.tokenTotal} token`;
