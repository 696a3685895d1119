// For tests: a metric's value as Prometheus reads it in this process's GET /api/metrics text.
import { metricsText } from "@/lib/server/core/metrics";

/** The value of `name` with exactly `labels` in `text`; 0 when the series is absent. */
export function valueIn(text: string, name: string, labels: Record<string, string> = {}): number {
  const set = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .sort()
    .join(",");
  for (const line of text.split("\n")) {
    const match = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    const sorted = (match[2] ?? "").split(",").filter(Boolean).sort().join(",");
    if (sorted === set) return Number(match[3]);
  }
  return 0;
}

/** The value of `name` with `labels` in this process's metrics now. */
export async function metricValue(
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  return valueIn((await metricsText()).text, name, labels);
}
