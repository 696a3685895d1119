import "server-only";
import { z } from "zod";

// The vendor's JSON as it arrives: tolerant on purpose (USM REST API v2.0, as the vendor's
// reference and real integrations show it). Unknown fields pass through, anything not guaranteed
// is optional, and values that real deployments send in two forms (strings of epoch ms vs
// numbers, wrapped vs flat events) accept both. Our own shapes live in
// lib/shared/alarms/types.ts; ./reshape.ts maps one to the other.

/** Epoch milliseconds, sent as a string of digits by the real service; numbers accepted too. */
const epochMsSchema = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,16}(\.\d+)?$/, "must be epoch milliseconds")
    .transform(Number),
]);

/** Strings that some payloads send as numbers (ports, severities): normalised to strings. */
const looseString = z.union([z.string(), z.number().transform(String)]);
/** Integers that some payloads send as strings. */
const looseInt = z.union([
  z.number().finite().transform(Math.round),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
/** The real service has sent booleans as strings ("false") inside event messages. */
const looseBoolean = z.union([
  z.boolean(),
  z.enum(["true", "false"]).transform((value) => value === "true"),
]);
/** A list that a few payloads send as a single value. */
const stringList = z.union([z.array(looseString), looseString.transform((value) => [value])]);

export const tokenSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: looseInt.pipe(z.number().int().positive()),
  scope: z.string().optional(),
  jti: z.string().optional(),
});

const upstreamEndpointSchema = z.looseObject({
  address: looseString.nullish(),
  hostname: looseString.nullish(),
  fqdn: looseString.nullish(),
  asset_id: looseString.nullish(),
  organisation: looseString.nullish(),
  country: looseString.nullish(),
  canonical: looseString.nullish(),
  name: looseString.nullish(),
  event_count: looseInt.nullish(),
});
export type UpstreamEndpoint = z.infer<typeof upstreamEndpointSchema>;

const eventFields = {
  uuid: looseString.nullish(),
  event_name: looseString.nullish(),
  event_category: looseString.nullish(),
  event_subcategory: looseString.nullish(),
  event_severity: looseString.nullish(),
  plugin: looseString.nullish(),
  plugin_device: looseString.nullish(),
  log: looseString.nullish(),
  source_address: looseString.nullish(),
  source_port: looseInt.nullish(),
  source_hostname: looseString.nullish(),
  source_name: looseString.nullish(),
  destination_address: looseString.nullish(),
  destination_port: looseInt.nullish(),
  destination_hostname: looseString.nullish(),
  destination_name: looseString.nullish(),
  timestamp_occured: epochMsSchema.nullish(),
  timestamp_occured_iso8601: z.string().nullish(),
};

const flatEventSchema = z.looseObject(eventFields);

/** Seen in real list responses: the event's fields sit under `message`, with a numeric timeStamp. */
const wrappedEventSchema = z.looseObject({
  message: flatEventSchema,
  timeStamp: epochMsSchema.nullish(),
});

/** Either shape, as the event's fields plus the wrapper's timeStamp (null for a flat event). */
const upstreamEventSchema = z.union([
  wrappedEventSchema.transform(({ message, timeStamp }) => ({
    fields: message,
    timeStamp: timeStamp ?? null,
  })),
  flatEventSchema.transform((fields) => ({ fields, timeStamp: null })),
]);
export type UpstreamEvent = z.infer<typeof upstreamEventSchema>;

export const upstreamAlarmSchema = z.looseObject({
  uuid: z.string().min(1),
  status: z.string().nullish(),
  priority: looseInt.nullish(),
  priority_label: z.string().nullish(),
  suppressed: looseBoolean.nullish(),
  has_alarm: looseBoolean.nullish(),
  needs_enrichment: looseBoolean.nullish(),

  rule_id: looseString.nullish(),
  rule_intent: looseString.nullish(),
  rule_method: looseString.nullish(),
  rule_strategy: looseString.nullish(),
  rule_dictionary: looseString.nullish(),
  rule_attack_id: looseString.nullish(),
  rule_attack_technique: looseString.nullish(),
  rule_attack_tactic: stringList.nullish(),

  timestamp_occured: epochMsSchema.nullish(),
  timestamp_received: epochMsSchema.nullish(),
  timestamp_occured_iso8601: z.string().nullish(),
  timestamp_received_iso8601: z.string().nullish(),

  source_name: looseString.nullish(),
  source_canonical: looseString.nullish(),
  source_username: looseString.nullish(),
  destination_name: looseString.nullish(),
  destination_canonical: looseString.nullish(),
  destination_username: looseString.nullish(),
  // Names of fields the deployment highlights; some carry a stray leading space.
  highlight_fields: stringList.nullish(),

  sources: z.array(upstreamEndpointSchema).nullish(),
  destinations: z.array(upstreamEndpointSchema).nullish(),
  alarm_sources: stringList.nullish(),
  alarm_source_names: stringList.nullish(),
  alarm_source_hostnames: stringList.nullish(),
  alarm_source_fqdns: stringList.nullish(),
  alarm_source_countries: stringList.nullish(),
  alarm_source_organisations: stringList.nullish(),
  alarm_source_asset_ids: stringList.nullish(),
  alarm_destinations: stringList.nullish(),
  alarm_destination_names: stringList.nullish(),
  alarm_destination_hostnames: stringList.nullish(),
  alarm_destination_fqdns: stringList.nullish(),
  alarm_destination_countries: stringList.nullish(),
  alarm_destination_organisations: stringList.nullish(),
  // Three s: the real field name.
  alarm_destination_assset_ids: stringList.nullish(),
  alarm_destination_asset_ids: stringList.nullish(),

  events: z.array(upstreamEventSchema).nullish(),
  alarm_events_count: looseInt.nullish(),
  alarm_labels: stringList.nullish(),
  sensor_uuid: looseString.nullish(),
  alarm_sensor_sources: stringList.nullish(),
});
export type UpstreamAlarm = z.infer<typeof upstreamAlarmSchema>;

/**
 * An alarm as the list needs it: the events are only counted there, and validating ten events
 * per alarm is most of the cost of a page, so they are checked to be a list and no deeper.
 */
const upstreamListAlarmSchema = upstreamAlarmSchema.extend({
  events: z.array(z.unknown()).nullish(),
});
export type UpstreamListAlarm = z.infer<typeof upstreamListAlarmSchema>;

export const upstreamPageSchema = z.looseObject({
  // Spring omits _embedded on an empty result.
  _embedded: z.looseObject({ alarms: z.array(upstreamListAlarmSchema).optional() }).nullish(),
  page: z
    .looseObject({
      size: looseInt,
      totalElements: looseInt,
      totalPages: looseInt,
      number: looseInt,
    })
    .nullish(),
});
export type UpstreamPage = z.infer<typeof upstreamPageSchema>;
