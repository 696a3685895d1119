// Materialises one alarm's full JSON from its columns and its own PRNG stream (seed, index).
// Only the rows on the requested page are ever built, so a million alarms cost only their columns.
import { alarmUuid } from "./alarm-id";
import { USERS } from "./catalog";
import type { AlarmRow } from "./alarm-row";
import { Dataset, STATUS_NAMES, priorityLabel } from "./dataset";
import { Endpoint, drawEndpoints } from "./endpoints";
import { buildEvents, flatEvent } from "./events";
import { SEEDED_LABELS } from "./labels";
import { Rng, at, hash32 } from "./prng";
import { stagedSide } from "./staged";
import { RULES } from "./taxonomy";

const DETAIL_STREAM = 0xde7;
const HIGHLIGHTS = [
  "source_username",
  "destination_name",
  "source_canonical",
  "rule_method",
  "source_country",
  "destination_canonical",
  "event_name",
];

function link(href: string) {
  return { href, templated: false };
}

function endpointJson(e: Endpoint, href: string) {
  return {
    address: e.address,
    ...(e.hostname !== null && { hostname: e.hostname }),
    ...(e.fqdn !== null && { fqdn: e.fqdn }),
    ...(e.assetId !== null && { asset_id: e.assetId }),
    ...(e.organisation !== null && { organisation: e.organisation }),
    ...(e.country !== null && { country: e.country }),
    canonical: e.canonical,
    name: e.name,
    event_count: e.eventCount,
    _links: { self: link(href) },
  };
}

function distinct(values: ReadonlyArray<string | null | undefined>): string[] {
  return [...new Set(values.filter((v): v is string => typeof v === "string"))];
}

/** Some highlight fields carry a stray leading space, as real payloads do. */
function highlightFields(rng: Rng): string[] {
  const howMany = rng.int(2, 4);
  const picked = new Set<string>();
  while (picked.size < howMany) picked.add(rng.pick(HIGHLIGHTS));
  return [...picked].map((field) => (rng.chance(0.3) ? ` ${field}` : field));
}

/**
 * Events come `wrapped` in list pages (`{_links, timeStamp, message}`, as real list responses
 * carry them) and `flat` from the single-alarm endpoint (as the vendor reference shows it).
 */
export type EventShape = "wrapped" | "flat";

/** `writtenLabels`: the label names written on the alarm (labels API), in place of its own. */
export function buildAlarm(
  ds: Dataset,
  row: AlarmRow,
  origin: string,
  eventShape: EventShape = "wrapped",
  writtenLabels?: readonly string[],
): Record<string, unknown> {
  const rng = new Rng(hash32(ds.seed, row.index, DETAIL_STREAM));
  const rule = at(RULES, row.rule);
  const uuid = alarmUuid(ds.seed, row.index);
  const self = `${origin}/api/2.0/alarms/${uuid}`;
  const occurred = row.occurredMs;
  const received = row.receivedMs;
  const count = row.eventsCount;
  const priority = row.priority;
  const status = STATUS_NAMES[row.status] ?? null;
  const sensor = at(ds.catalog.sensors, row.sensor);
  const withIso = !rng.chance(0.02);
  const staged = row.staged ?? {};
  // Staged values replace drawn ones after the draw, so the stream stays as it would be.
  const drawnUser = rule.user ? rng.pick(USERS) : null;
  const username = staged.sourceUsername ?? drawnUser;
  const destinationUsername = staged.destinationUsername ?? null;
  const drawn = drawEndpoints(rng, ds.catalog.hosts, rule.direction, rule.fanOut, count);
  const sources = stagedSide(drawn.sources, staged.sources, staged.sourceName, count);
  const destinations = stagedSide(
    drawn.destinations,
    staged.destinations,
    staged.destinationName,
    count,
  );
  const source = at(sources, 0);
  const destination = at(destinations, 0);
  const events = buildEvents(rng, {
    origin,
    rule,
    occurredMs: occurred,
    count,
    sources,
    destinations,
    username,
    destinationUsername,
    sensorUuid: sensor.uuid,
  });
  const drawnLabels = rng.chance(0.15) ? [rng.pick(SEEDED_LABELS)] : [];
  const labels = [...(writtenLabels ?? staged.labels ?? drawnLabels)];
  return {
    uuid,
    has_alarm: true,
    needs_enrichment: rng.chance(0.1),
    priority,
    priority_label: priorityLabel(priority),
    suppressed: row.suppressed,
    rule_id: rule.id,
    rule_intent: rule.intent,
    rule_strategy: rule.strategy,
    rule_method: rule.method,
    rule_dictionary: rule.dictionary,
    rule_attack_id: rule.attackId,
    rule_attack_technique: rule.technique,
    rule_attack_tactic: [...rule.tactics],
    ...(status !== null && { status }),
    timestamp_occured: String(occurred),
    ...(withIso && { timestamp_occured_iso8601: new Date(occurred).toISOString() }),
    timestamp_received: String(received),
    ...(withIso && { timestamp_received_iso8601: new Date(received).toISOString() }),
    source_name: source.name,
    source_canonical: source.canonical,
    ...(username !== null && { source_username: username }),
    destination_name: destination.name,
    destination_canonical: destination.canonical,
    ...(destinationUsername !== null && { destination_username: destinationUsername }),
    alarm_sources: sources.map((e) => e.address),
    alarm_destinations: destinations.map((e) => e.address),
    alarm_source_names: sources.map((e) => e.name),
    alarm_destination_names: destinations.map((e) => e.name),
    alarm_source_countries: distinct(sources.map((e) => e.country)),
    alarm_destination_countries: distinct(destinations.map((e) => e.country)),
    alarm_source_organisations: distinct(sources.map((e) => e.organisation)),
    alarm_destination_assset_ids: distinct(destinations.map((e) => e.assetId)),
    alarm_events_count: count,
    packet_data: events.map((e) => e.message.uuid),
    sensor_uuid: sensor.uuid,
    alarm_sensor_sources: [sensor.uuid],
    alarm_labels: labels,
    highlight_fields: highlightFields(rng),
    transient: false,
    sources: sources.map((e, i) => endpointJson(e, `${self}/sources/${i}`)),
    destinations: destinations.map((e, i) => endpointJson(e, `${self}/destinations/${i}`)),
    events: eventShape === "flat" ? events.map((e) => flatEvent(e, origin)) : events,
    _links: { self: link(self) },
  };
}
