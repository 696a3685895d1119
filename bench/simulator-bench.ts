// Simulator speed at scale: startup time and memory with 1,000,000 alarms, then per-request
// latency over real HTTP for the default page, a deep page, every sort, every filter and a
// member lookup. Run standalone with `npx tsx bench/simulator-bench.ts`.
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { SIM_SORT_FIELDS, startSimulator } from "../simulator/index";
import { percentile } from "./stats";

const ALARMS = 1_000_000;
const RUNS = 50;
const CLIENT = { id: "bench-client", secret: "bench-secret" };

interface Row {
  name: string;
  p50: number;
  p99: number;
  max: number;
  bytes: number;
}

async function measure(name: string, url: string, headers: HeadersInit): Promise<Row> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} for ${url}`);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1)!,
    bytes,
  };
}

function printTable(rows: Row[]): void {
  const width = Math.max(...rows.map((r) => r.name.length));
  const ms = (n: number) => n.toFixed(1).padStart(8);
  console.log(
    `${"request".padEnd(width)}  ${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}${"max ms".padStart(8)}  body`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(width)}  ${ms(r.p50)}${ms(r.p99)}${ms(r.max)}  ${(r.bytes / 1024).toFixed(0)} KiB`,
    );
  }
}

export async function benchSimulator(): Promise<void> {
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const sim = await startSimulator({
    port: 0,
    alarms: ALARMS,
    rateLimit: false,
    clients: [CLIENT],
    anchor: Date.UTC(2024, 0, 1),
  });
  const startupMs = performance.now() - started;
  const rss = process.memoryUsage().rss;
  try {
    console.log(`alarms: ${ALARMS.toLocaleString("en-US")}, ${RUNS} requests per row`);
    console.log(
      `startup: ${startupMs.toFixed(0)} ms, rss: ${(rss / 2 ** 20).toFixed(0)} MiB ` +
        `(+${((rss - rssBefore) / 2 ** 20).toFixed(0)} MiB)\n`,
    );

    const basic = Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString("base64");
    const tokenRes = await fetch(`${sim.url}/api/2.0/oauth/token?grant_type=client_credentials`, {
      method: "POST",
      headers: { Authorization: `Basic ${basic}` },
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const headers = { Authorization: `Bearer ${token}` };
    const alarms = `${sim.url}/api/2.0/alarms`;

    const first = (await (await fetch(`${alarms}?size=1`, { headers })).json()) as {
      _embedded: {
        alarms: Array<{ uuid: string; sensor_uuid: string; timestamp_occured: string }>;
      };
    };
    const sample = first._embedded.alarms[0]!;
    const newest = Number(sample.timestamp_occured);
    const cases: Array<[string, string]> = [
      ["first page, default sort", ""],
      ["deep page (page 40000, size 20)", "?page=40000&size=20"],
      ...SIM_SORT_FIELDS.flatMap((f): Array<[string, string]> => [
        [`sort ${f},asc (page 500)`, `?sort=${f},asc&page=500`],
        [`sort ${f},desc (page 500)`, `?sort=${f},desc&page=500`],
      ]),
      ["filter status=in_review", "?status=in_review"],
      ["filter suppressed=true", "?suppressed=true"],
      ["filter priority_label=high", "?priority_label=high"],
      ["filter rule_intent", `?rule_intent=${encodeURIComponent("System Compromise")}`],
      [
        "filter rule_strategy",
        `?rule_strategy=${encodeURIComponent("Brute Force Authentication")}`,
      ],
      ["filter rule_method", "?rule_method=SSH"],
      ["filter alarm_sensor_sources", `?alarm_sensor_sources=${sample.sensor_uuid}`],
      [
        "filter timestamp_occured_gte (last 7 days)",
        `?timestamp_occured_gte=${newest - 7 * 86_400_000}`,
      ],
      [
        "filter timestamp_occured_lte (before 7 days)",
        `?timestamp_occured_lte=${newest - 7 * 86_400_000}`,
      ],
      [
        "combined filter + sort, deep page",
        `?status=open&suppressed=false&priority_label=medium&rule_intent=${encodeURIComponent("Delivery & Attack")}` +
          `&sort=priority,desc&page=200`,
      ],
      ["member lookup", `/${sample.uuid}`],
    ];
    const rows: Row[] = [];
    for (const [name, suffix] of cases)
      rows.push(await measure(name, `${alarms}${suffix}`, headers));
    printTable(rows);
  } finally {
    await sim.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchSimulator();
}
