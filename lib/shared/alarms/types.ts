import { z } from "zod";
import { isAlarmUuid, isFilterText, PRIORITY_LABELS, STATUSES } from "./query";

// Our own alarm shapes: what the route handlers return and the UI renders. The vendor's raw
// JSON stops at lib/usm's reshape layer (the detail keeps it only for its JSON tab). Client-safe,
// but the browser imports only the types: the server parses with these schemas before sending,
// and zod would cost every first load ~20 KB gzipped (see fetchJson in ./query-options).

const nullableString = z.string().nullable();

export const endpointSchema = z.strictObject({
  address: nullableString,
  hostname: nullableString,
  fqdn: nullableString,
  name: nullableString,
  canonical: nullableString,
  country: nullableString,
  organisation: nullableString,
  assetId: nullableString,
  eventCount: z.number().int().nullable(),
});
export type Endpoint = z.infer<typeof endpointSchema>;

const eventPeerSchema = z.strictObject({
  address: nullableString,
  port: z.number().int().nullable(),
  hostname: nullableString,
});

export const alarmEventSchema = z.strictObject({
  uuid: nullableString,
  name: nullableString,
  category: nullableString,
  subcategory: nullableString,
  severity: nullableString,
  /** Epoch ms. */
  occurredAt: z.number().nullable(),
  source: eventPeerSchema,
  destination: eventPeerSchema,
  plugin: nullableString,
  pluginDevice: nullableString,
  log: nullableString,
});
export type AlarmEvent = z.infer<typeof alarmEventSchema>;

export const ruleSchema = z.strictObject({
  id: nullableString,
  intent: nullableString,
  strategy: nullableString,
  method: nullableString,
  dictionary: nullableString,
  attackId: nullableString,
  attackTechnique: nullableString,
  attackTactics: z.array(z.string()),
});

export const alarmSummarySchema = z.strictObject({
  uuid: z.string(),
  /** The key of the deployment the alarm came from. */
  deployment: z.string(),
  status: z.enum(STATUSES).nullable(),
  priority: z.number().int(),
  priorityLabel: z.enum(PRIORITY_LABELS).nullable(),
  suppressed: z.boolean(),
  rule: ruleSchema,
  /** Epoch ms. */
  occurredAt: z.number().nullable(),
  /** Epoch ms. */
  receivedAt: z.number().nullable(),
  sources: z.array(endpointSchema),
  destinations: z.array(endpointSchema),
  /** Events the service retained (at most 10). */
  eventsShown: z.number().int(),
  /** Events that made up the alarm. */
  eventsTotal: z.number().int(),
  labels: z.array(z.string()),
  sensorUuid: nullableString,
  sensorSources: z.array(z.string()),
});
export type AlarmSummary = z.infer<typeof alarmSummarySchema>;

export const alarmDetailSchema = alarmSummarySchema.extend({
  events: z.array(alarmEventSchema),
  /** The vendor's alarm exactly as received, for the JSON tab. */
  raw: z.unknown(),
});
export type AlarmDetail = z.infer<typeof alarmDetailSchema>;

export const alarmPageSchema = z.strictObject({
  alarms: z.array(alarmSummarySchema),
  page: z.strictObject({
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  }),
  /** The occurred-time bounds the page was read with (a rolling range resolved at the read). */
  occurred: z.strictObject({ gte: z.number().nullable(), lte: z.number().nullable() }),
  /**
   * When the upstream answered (the server's epoch ms): the live queue counts as new what its
   * watcher first saw after this.
   */
  readAt: z.number(),
});
export type AlarmPage = z.infer<typeof alarmPageSchema>;

/** The most values the catalogue keeps per field (lib/usm/catalogue.ts). */
export const CATALOGUE_MAX_VALUES = 2_000;

// Each value as the list's filters accept it (a suggestion is always a valid, exact filter).
const catalogueField = (valid: (value: string) => boolean) =>
  z
    .array(z.string().refine(valid))
    .max(CATALOGUE_MAX_VALUES)
    .refine((values) => new Set(values).size === values.length, "values repeat");

/**
 * GET /api/alarms/catalogue: every rule intent, strategy and method and every sensor the console
 * has seen for the deployment, most often seen first (ties by name, case-insensitively).
 */
export const alarmCatalogueSchema = z.strictObject({
  intents: catalogueField(isFilterText),
  strategies: catalogueField(isFilterText),
  methods: catalogueField(isFilterText),
  sensors: catalogueField(isAlarmUuid),
});
export type AlarmCatalogue = z.infer<typeof alarmCatalogueSchema>;
