// For the export's tests only: a simulator read directly over HTTP (as a client of the real
// service would), an export run in-process to its end, and the CSV it wrote parsed back.
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { readOf, upstreamParams } from "@/lib/server/usm/upstream-query";
import { MemoryStore } from "@/lib/server/store/memory";
import { type UsmClient } from "@/lib/server/usm";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { testClient } from "./usm-client";
import type { CsvColumn } from "@/lib/server/export/rows";
import { startExport, type ExportRequest } from "@/lib/server/export/stream";

export const CREDS = { id: "export-client", secret: "export-secret-5a0c" };
/** The simulator's "now": its 5,000 alarms all occurred before it. */
export const EXPORT_ANCHOR = Date.UTC(2026, 10, 1, 12, 0, 0);

export interface ExportWorld {
  sim: RunningSimulator;
  /** A fresh client (no cache) for each test. */
  client: UsmClient;
  /** How many alarm pages the simulator has served since the test began. */
  alarmReads(): number;
}

/** One still simulator of 5,000 alarms for the file, unthrottled, its counters reset per test. */
export function exportSimulator(): ExportWorld {
  const world = { alarmReads: () => world.sim.stats().byRoute.alarms } as ExportWorld;
  beforeAll(async () => {
    world.sim = await startSimulator({
      port: 0,
      alarms: 5000,
      seed: 13,
      anchor: EXPORT_ANCHOR,
      clients: [CREDS],
      rateLimit: false,
    });
  });
  afterAll(() => world.sim.close());
  beforeEach(() => {
    world.sim.reset();
    world.client = exportClient(world.sim.url);
  });
  return world;
}

interface SimAlarm {
  uuid: string;
  priority: number;
  status?: string;
  timestamp_occured: string;
}

/** Every alarm of `query` straight from the simulator, by page number, as it stands now. */
export async function directRead(simUrl: string, query: AlarmListQuery): Promise<SimAlarm[]> {
  const basic = Buffer.from(`${CREDS.id}:${CREDS.secret}`).toString("base64");
  const token = await fetch(`${simUrl}/api/2.0/oauth/token?grant_type=client_credentials`, {
    method: "POST",
    headers: { Authorization: `Basic ${basic}` },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const alarms: SimAlarm[] = [];
  for (let page = 0; ; page++) {
    const params = upstreamParams(readOf({ ...query, page }, 1000));
    const response = await fetch(`${simUrl}/api/2.0/alarms?${params}`, {
      headers: { Authorization: `Bearer ${access_token}` },
    });
    if (response.status !== 200) throw new Error(`the simulator answered ${response.status}`);
    const body = (await response.json()) as { _embedded?: { alarms: SimAlarm[] } };
    const rows = body._embedded?.alarms ?? [];
    alarms.push(...rows);
    if (rows.length < 1000) return alarms;
  }
}

export function exportClient(simUrl: string): UsmClient {
  return testClient({ url: simUrl }, CREDS, { cacheTtlMs: 0, deployment: "acme" });
}

let ids = 0;

/** The parts of an export request a test usually leaves alone. */
export function exportRequest(
  client: UsmClient,
  overrides: Partial<ExportRequest> & { query?: AlarmListQuery } = {},
): ExportRequest {
  const startedAt = overrides.startedAt ?? Date.now();
  const query = overrides.query ?? DEFAULT_QUERY;
  return {
    analyst: "local:alice",
    deployment: "acme",
    client,
    store: new MemoryStore(),
    search: "",
    zone: "UTC",
    format: "csv",
    id: `test-export-${++ids}`,
    cap: 100_000,
    signal: new AbortController().signal,
    startedAt,
    ...overrides,
    query: {
      ...query,
      filters: {
        ...query.filters,
        timestamp_occured_lte: Math.min(
          query.filters.timestamp_occured_lte ?? startedAt,
          startedAt,
        ),
      },
    },
  };
}

/** Runs an export to its end and gives back its answer and body. */
export async function runExport(
  request: ExportRequest,
): Promise<{ response: Response; text: string }> {
  const response = await startExport(request);
  return { response, text: await response.text() };
}

/** The rows of a CSV export as records keyed by column (a byte-order mark dropped). */
export function csvRows(text: string): Record<CsvColumn, string>[] {
  return parse(text.replace(/^\uFEFF/, ""), { columns: true }) as Record<CsvColumn, string>[];
}
