// For the vendor client's tests only: hand-written USM alarms as real deployments send them.

export const BASE = "https://tenant.alienvault.cloud";
export const UUID = "0b3e0c5e-7a4f-4e0e-9d8e-2f1c3b4a5d6e";

export const eventFields = {
  uuid: "e1",
  event_name: "SSH login failed",
  event_category: "Authentication",
  event_subcategory: "Brute Force",
  event_severity: 3,
  plugin: "Linux SSH",
  plugin_device: "OpenSSH",
  log: "Failed password for root",
  source_address: "203.0.113.7",
  source_port: "51514",
  destination_address: "10.0.0.5",
  destination_port: 22,
  destination_name: "bastion-01",
  timestamp_occured: "1629188002363",
  suppressed: "false",
};

export function alarm(extra: Record<string, unknown> = {}) {
  return {
    uuid: UUID,
    priority: 55,
    priority_label: "medium",
    status: "open",
    suppressed: false,
    rule_intent: "Delivery & Attack",
    rule_attack_tactic: ["Credential Access"],
    timestamp_occured: "1629188157000",
    timestamp_received: "1629188160000",
    timestamp_occured_iso8601: "2021-08-17T08:15:57.000Z",
    an_unknown_field: { nested: true },
    _links: { self: { href: `${BASE}/api/2.0/alarms/${UUID}`, templated: false } },
    ...extra,
  };
}

export const SOURCE = { deployment: "acme", baseUrl: BASE };
