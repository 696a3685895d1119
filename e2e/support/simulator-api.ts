import { expect } from "@playwright/test";
import type { Faults, SimAlarmStatus, SimLabel } from "@/simulator/types";
import { e2e } from "./env";

// The e2e run's simulators spoken to directly: as the upstream they are (the vendor's API, with
// the e2e client's token), and through their admin API (started with --admin, loopback only).

/** A token of the e2e client from a simulator, to read it directly as the upstream it is. */
async function simulatorToken(baseUrl: string): Promise<string> {
  const basic = Buffer.from(`e2e-client:${e2e.canarySecret}`).toString("base64");
  const token = await fetch(`${baseUrl}/api/2.0/oauth/token?grant_type=client_credentials`, {
    method: "POST",
    headers: { Authorization: `Basic ${basic}` },
  });
  expect(token.status).toBe(200);
  return ((await token.json()) as { access_token: string }).access_token;
}

/** An alarm as the vendor's API gives it (the fields the specs read). */
export interface UpstreamAlarm {
  uuid: string;
  timestamp_occured: string;
  status?: string;
  priority?: number;
  priority_label?: string;
  alarm_sources?: string[];
  alarm_destinations?: string[];
  source_username?: string;
  destination_username?: string;
  rule_strategy?: string;
  rule_method?: string;
}

/** One page of a simulator's alarms for `query` (the vendor's parameters), as it holds them. */
export async function simulatorAlarms(
  baseUrl: string,
  query: Record<string, string | number>,
): Promise<{ alarms: UpstreamAlarm[]; totalElements: number }> {
  const token = await simulatorToken(baseUrl);
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  const response = await fetch(`${baseUrl}/api/2.0/alarms?${params}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status, `the simulator's alarms?${params}`).toBe(200);
  const body = (await response.json()) as {
    _embedded?: { alarms: UpstreamAlarm[] };
    page: { totalElements: number };
  };
  return { alarms: body._embedded?.alarms ?? [], totalElements: body.page.totalElements };
}

/** The ids of the labels an alarm carries, as the simulator's labels endpoint answers them. */
export async function simulatorLabelsOf(baseUrl: string, uuid: string): Promise<string[]> {
  const token = await simulatorToken(baseUrl);
  const response = await fetch(`${baseUrl}/api/2.0/alarms/${uuid}/labels`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status, `the simulator's labels of ${uuid}`).toBe(200);
  return ((await response.json()) as { alarm_labels: string[] }).alarm_labels;
}

/** POSTs to a simulator's admin API and expects `status`: anything else fails the test. */
async function post(baseUrl: string, path: string, status: number, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `POST ${path} answered ${response.status}`).toBe(status);
  return response;
}

/** A simulator's admin API: faults injected and cleared, alarms added and changed. */
export function simulatorAdmin(baseUrl: string) {
  return {
    /** Makes the simulator misbehave (a partial Faults: the rest stays as it is). */
    async faults(faults: Partial<Faults>): Promise<void> {
      await post(baseUrl, "/_sim/faults", 200, faults);
    },
    /** Clears faults, tokens and statistics. */
    async reset(): Promise<void> {
      await post(baseUrl, "/_sim/reset", 200);
    },
    /** Adds an alarm (any field may be given, the vendor's names); resolves with its uuid. */
    async addAlarm(fields: Record<string, unknown>): Promise<string> {
      const response = await post(baseUrl, "/_sim/alarms", 201, fields);
      return ((await response.json()) as { uuid: string }).uuid;
    },
    async setStatus(uuid: string, status: SimAlarmStatus): Promise<void> {
      await post(baseUrl, `/_sim/alarms/${uuid}/status`, 200, { status });
    },
    /** A label of the simulator's catalogue by name (added if new): its id and name. */
    async label(name: string): Promise<SimLabel> {
      const response = await fetch(`${baseUrl}/_sim/labels`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name }),
      });
      expect([200, 201], `POST /_sim/labels answered ${response.status}`).toContain(
        response.status,
      );
      return (await response.json()) as SimLabel;
    },
  };
}
