// The events an alarm retains, in the wrapped shape real list responses carry (the single-alarm
// endpoint flattens them). Like the real service, at most 10 are kept: the first and the last nine.
import { BAD_DOMAINS, MAIL_DOMAIN, USERS } from "./catalog";
import type { Endpoint } from "./endpoints";
import { Rng, at } from "./prng";
import type { Rule } from "./taxonomy";

export const MAX_RETAINED_EVENTS = 10;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export interface WrappedEvent {
  _links: { self: { href: string; templated: true } };
  timeStamp: number;
  message: Record<string, string | number>;
}

/** An event as the single-alarm endpoint sends it: its fields at top level and a link to itself. */
export interface FlatEvent {
  [field: string]: unknown;
  _links: { self: { href: string; templated: false } };
}

export function flatEvent(event: WrappedEvent, origin: string): FlatEvent {
  const href = `${origin}/api/2.0/events/${event.message.uuid}`;
  return { ...event.message, _links: { self: { href, templated: false } } };
}

/** Positions (0-based, in the alarm's full event sequence) of the retained events. */
export function retainedPositions(count: number): number[] {
  if (count <= MAX_RETAINED_EVENTS) return Array.from({ length: count }, (_, k) => k);
  const tail = Array.from({ length: MAX_RETAINED_EVENTS - 1 }, (_, k) => count - 9 + k);
  return [0, ...tail];
}

function syslogTime(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at(MONTHS, d.getUTCMonth())} ${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Apache common-log time, e.g. 14/Nov/2023:22:08:53 +0000. */
function clfTime(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getUTCDate())}/${at(MONTHS, d.getUTCMonth())}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export interface EventContext {
  origin: string;
  rule: Rule;
  occurredMs: number;
  count: number;
  sources: readonly Endpoint[];
  destinations: readonly Endpoint[];
  /** The alarm's source user: every event names it (else a log line draws one). */
  username: string | null;
  /** A destination user, only ever staged through the admin API. */
  destinationUsername: string | null;
  sensorUuid: string;
}

export function buildEvents(rng: Rng, ctx: EventContext): WrappedEvent[] {
  const { rule, count } = ctx;
  const template = rule.event;
  // The alarm fires on its last event: events lead up to timestamp_occured.
  const span = count > 1 ? Math.min(6 * 3600_000, rng.int(count * 200, count * 3000)) : 0;
  const source = at(ctx.sources, 0);
  const sourcePort = rng.int(1024, 65535);
  const pid = String(rng.int(300, 65000));
  const badDomain = rng.pick(BAD_DOMAINS);
  return retainedPositions(count).map((position) => {
    const destination = at(ctx.destinations, position % ctx.destinations.length);
    const base = ctx.occurredMs - span;
    const t = count > 1 ? base + Math.round((position * span) / (count - 1)) : ctx.occurredMs;
    // Jitter below half the spacing keeps the retained events in time order.
    const eventMs = t - rng.int(0, Math.min(999, Math.floor(span / Math.max(1, count - 1) / 2)));
    const user = ctx.username ?? rng.pick(USERS);
    const sport = String(rule.direction === "outbound" ? sourcePort : sourcePort + position);
    const log = fill(template.log, {
      ts: syslogTime(eventMs),
      clfts: clfTime(eventMs),
      host: destination.name,
      src: source.address,
      sport,
      dst: destination.address,
      dport: String(template.port),
      user,
      domain: MAIL_DOMAIN,
      baddomain: badDomain,
      pid,
    });
    const message: Record<string, string | number> = {
      uuid: rng.uuid(),
      event_name: template.name,
      event_category: template.category,
      event_subcategory: template.subcategory,
      event_severity: template.severity,
      plugin: template.plugin,
      plugin_device: template.pluginDevice,
      log,
      source_address: source.address,
      source_port: Number(sport),
      source_name: source.name,
      destination_address: destination.address,
      destination_port: template.port,
      destination_name: destination.name,
      transport_protocol: template.transport,
      timestamp_occured: String(eventMs),
      timestamp_occured_iso8601: new Date(eventMs).toISOString(),
      timestamp_received: String(eventMs + rng.int(200, 4000)),
      sensor_uuid: ctx.sensorUuid,
      suppressed: "false",
      has_alarm: "true",
      needs_enrichment: "false",
      packet_type: "log",
    };
    if (ctx.username) message.source_username = user;
    if (ctx.destinationUsername) message.destination_username = ctx.destinationUsername;
    if (source.country) message.source_country = source.country;
    if (source.organisation) message.source_organisation = source.organisation;
    return {
      _links: { self: { href: `${ctx.origin}/api/2.0/events/{eventId}`, templated: true } },
      timeStamp: eventMs,
      message,
    };
  });
}
