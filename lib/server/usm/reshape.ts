import "server-only";
import { NO_ENDPOINT } from "@/lib/shared/alarms/format";
import { priorityName } from "@/lib/shared/alarms/priority";
import { STATUSES, type AlarmStatus } from "@/lib/shared/alarms/query";
import type {
  HighlightedField,
  AlarmDetail,
  AlarmEvent,
  AlarmPage,
  AlarmSummary,
  Endpoint,
} from "@/lib/shared/alarms/types";
import type { UpstreamRead } from "./upstream-query";
import type {
  UpstreamAlarm,
  UpstreamEndpoint,
  UpstreamEvent,
  UpstreamListAlarm,
  UpstreamPage,
} from "./schemas";
import { upstreamHostScrubber } from "./upstream-host";

// Vendor JSON (already validated by lib/server/usm/schemas.ts) -> our own shapes. Everything the UI
// renders comes from here: one event shape, numbers for times, endpoints whichever way the
// deployment sent them.

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

function normalisedEnum<T extends string>(values: readonly T[], value: string | null | undefined) {
  const lower = value?.trim().toLowerCase();
  return (values as readonly string[]).includes(lower ?? "") ? (lower as T) : null;
}

/** Epoch ms from the numeric field, else from its ISO twin. */
function epochMs(value: number | null | undefined, iso: string | null | undefined): number | null {
  if (value !== null && value !== undefined && Number.isFinite(value)) return value;
  if (iso) {
    const parsed = Date.parse(iso);
    if (Number.isFinite(parsed)) return parsed;
  }
  return null;
}

function toEndpoint(endpoint: UpstreamEndpoint): Endpoint {
  return {
    address: orNull(endpoint.address),
    hostname: orNull(endpoint.hostname),
    fqdn: orNull(endpoint.fqdn),
    name: orNull(endpoint.name),
    canonical: orNull(endpoint.canonical),
    country: orNull(endpoint.country),
    organisation: orNull(endpoint.organisation),
    assetId: orNull(endpoint.asset_id),
    eventCount: orNull(endpoint.event_count),
  };
}

type Lists = Partial<Record<keyof Endpoint, string[] | null | undefined>>;

/**
 * Endpoints zipped from the parallel alarm_* lists. Some of those lists are de-duplicated sets
 * (one country for three hosts), so only a list as long as the address (or name) list is read
 * as one value per endpoint; a shorter one cannot be attributed and is left out.
 */
function endpointsFromLists(lists: Lists): Endpoint[] {
  const length = lists.address?.length || lists.name?.length || 0;
  return Array.from({ length }, (_, index) => {
    const at = (key: keyof Endpoint) => {
      const list = lists[key];
      return list?.length === length ? list[index]?.trim() || null : null;
    };
    return {
      ...NO_ENDPOINT,
      address: at("address"),
      hostname: at("hostname"),
      fqdn: at("fqdn"),
      name: at("name"),
      country: at("country"),
      organisation: at("organisation"),
      assetId: at("assetId"),
    };
  });
}

/** Objects when present; else the alarm_* lists; else the single source_name / _canonical. */
function endpoints(
  objects: UpstreamEndpoint[] | null | undefined,
  lists: Lists,
  single: { name: string | null | undefined; canonical: string | null | undefined },
): Endpoint[] {
  if (objects && objects.length > 0) return objects.map(toEndpoint);
  const fromLists = endpointsFromLists(lists);
  if (fromLists.length > 0) return fromLists;
  if (single.name || single.canonical) {
    return [{ ...NO_ENDPOINT, name: orNull(single.name), canonical: orNull(single.canonical) }];
  }
  return [];
}

/** A peer's host name: the explicit field, else its display name unless that is just the address. */
function hostname(
  explicit: string | null | undefined,
  name: string | null | undefined,
  address: string | null | undefined,
): string | null {
  if (explicit) return explicit;
  return name && name !== address ? name : null;
}

function toAlarmEvent(event: UpstreamEvent): AlarmEvent {
  const { fields, timeStamp } = event;
  return {
    uuid: orNull(fields.uuid),
    name: orNull(fields.event_name),
    category: orNull(fields.event_category),
    subcategory: orNull(fields.event_subcategory),
    severity: orNull(fields.event_severity),
    occurredAt: epochMs(fields.timestamp_occured, fields.timestamp_occured_iso8601) ?? timeStamp,
    source: {
      address: orNull(fields.source_address),
      port: orNull(fields.source_port),
      hostname: hostname(fields.source_hostname, fields.source_name, fields.source_address),
    },
    destination: {
      address: orNull(fields.destination_address),
      port: orNull(fields.destination_port),
      hostname: hostname(
        fields.destination_hostname,
        fields.destination_name,
        fields.destination_address,
      ),
    },
    plugin: orNull(fields.plugin),
    pluginDevice: orNull(fields.plugin_device),
    log: orNull(fields.log),
  };
}

const strings = (list: string[] | null | undefined) =>
  (list ?? []).map((item) => item.trim()).filter(Boolean);

/** A text field trimmed, or null when it is absent or blank. */
const text = (value: string | null | undefined) => value?.trim() || null;

/**
 * The fields the deployment highlights, each with its value on the alarm, or on its first event
 * for an event's field (event_name); names once each, in the deployment's order.
 */
function highlights(alarm: UpstreamAlarm): HighlightedField[] {
  const first = alarm.events?.[0]?.fields as Record<string, unknown> | undefined;
  const own = alarm as Record<string, unknown>;
  return [...new Set(strings(alarm.highlight_fields))].map((field) => {
    const value = [own[field], first?.[field]].find(
      (candidate) => typeof candidate === "string" || typeof candidate === "number",
    );
    return { field, value: value === undefined ? null : text(String(value)) };
  });
}

/** Where a payload came from: the deployment it is tagged with, the origin scrubbed from it. */
export interface UpstreamSource {
  deployment: string;
  baseUrl: string;
}

/**
 * Our summary of a vendor alarm, tagged with its deployment's key: payloads name no deployment
 * (at most `x_att_tenantid`), and a list of several deployments must know where each alarm came from.
 */
export function toAlarmSummary(
  alarm: UpstreamAlarm | UpstreamListAlarm,
  deployment: string,
): AlarmSummary {
  const eventsShown = alarm.events?.length ?? 0;
  return {
    uuid: alarm.uuid,
    deployment,
    status: normalisedEnum<AlarmStatus>(STATUSES, alarm.status),
    priority: alarm.priority ?? 0,
    priorityLabel: priorityName(alarm.priority_label),
    suppressed: alarm.suppressed ?? false,
    rule: {
      id: orNull(alarm.rule_id),
      intent: orNull(alarm.rule_intent),
      strategy: orNull(alarm.rule_strategy),
      method: orNull(alarm.rule_method),
      dictionary: orNull(alarm.rule_dictionary),
      attackId: orNull(alarm.rule_attack_id),
      attackTechnique: orNull(alarm.rule_attack_technique),
      attackTactics: strings(alarm.rule_attack_tactic),
    },
    occurredAt: epochMs(alarm.timestamp_occured, alarm.timestamp_occured_iso8601),
    receivedAt: epochMs(alarm.timestamp_received, alarm.timestamp_received_iso8601),
    sources: endpoints(
      alarm.sources,
      {
        address: alarm.alarm_sources,
        name: alarm.alarm_source_names,
        hostname: alarm.alarm_source_hostnames,
        fqdn: alarm.alarm_source_fqdns,
        country: alarm.alarm_source_countries,
        organisation: alarm.alarm_source_organisations,
        assetId: alarm.alarm_source_asset_ids,
      },
      { name: alarm.source_name, canonical: alarm.source_canonical },
    ),
    destinations: endpoints(
      alarm.destinations,
      {
        address: alarm.alarm_destinations,
        name: alarm.alarm_destination_names,
        hostname: alarm.alarm_destination_hostnames,
        fqdn: alarm.alarm_destination_fqdns,
        country: alarm.alarm_destination_countries,
        organisation: alarm.alarm_destination_organisations,
        assetId: alarm.alarm_destination_assset_ids ?? alarm.alarm_destination_asset_ids,
      },
      { name: alarm.destination_name, canonical: alarm.destination_canonical },
    ),
    sourceUsername: text(alarm.source_username),
    destinationUsername: text(alarm.destination_username),
    eventsShown,
    // The service keeps at most 10 events; the count says how many made up the alarm.
    eventsTotal: Math.max(alarm.alarm_events_count ?? eventsShown, eventsShown),
    labels: strings(alarm.alarm_labels),
    sensorUuid: orNull(alarm.sensor_uuid),
    sensorSources: strings(alarm.alarm_sensor_sources),
  };
}

/**
 * `raw` is the alarm exactly as received, except that no upstream address survives (see
 * ./upstream-host); the reshaped fields are scrubbed the same way, here and in toAlarmPage.
 */
export function toAlarmDetail(
  alarm: UpstreamAlarm,
  raw: unknown,
  source: UpstreamSource,
): AlarmDetail {
  const detail: AlarmDetail = {
    ...toAlarmSummary(alarm, source.deployment),
    events: (alarm.events ?? []).map(toAlarmEvent),
    highlights: highlights(alarm),
    raw,
  };
  return upstreamHostScrubber(source.baseUrl)(detail);
}

export function toAlarmPage(
  page: UpstreamPage,
  requested: Pick<UpstreamRead, "page" | "size" | "filters">,
  source: UpstreamSource,
  readAt: number,
): AlarmPage {
  const scrub = upstreamHostScrubber(source.baseUrl);
  const alarms = (page._embedded?.alarms ?? []).map((alarm) =>
    scrub(toAlarmSummary(alarm, source.deployment)),
  );
  return {
    alarms,
    page: {
      number: page.page?.number ?? requested.page,
      size: page.page?.size ?? requested.size,
      totalElements: page.page?.totalElements ?? alarms.length,
      totalPages: page.page?.totalPages ?? (alarms.length > 0 ? 1 : 0),
    },
    occurred: {
      gte: requested.filters.timestamp_occured_gte ?? null,
      lte: requested.filters.timestamp_occured_lte ?? null,
    },
    readAt,
  };
}
