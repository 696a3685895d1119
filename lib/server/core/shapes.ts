import { z } from "zod";
import { PRIORITY_ORDER } from "@/lib/shared/alarms/priority";
import { isAlarmUuid, isFilterText, STATUSES } from "@/lib/shared/alarms/query";
import {
  CATALOGUE_MAX_VALUES,
  type AlarmCatalogue,
  type AlarmDetail,
  type AlarmEvent,
  type AlarmPage,
  type AlarmSummary,
  type Endpoint,
  type IndexSource,
} from "@/lib/shared/alarms/types";

// The strict schemas of our own shapes (lib/shared/alarms/types.ts): every page, alarm and
// catalogue is checked against them once, on the server, before it is cached or sent, so the
// browser can trust what it gets without shipping zod. Each schema is held to its type below.
// Server-side only (lib/server), but without the server-only guard: the e2e specs, plain Node,
// check the API's answers with these same schemas.

const nullableString = z.string().nullable();

const endpointSchema = z.strictObject({
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

const eventPeerSchema = z.strictObject({
  address: nullableString,
  port: z.number().int().nullable(),
  hostname: nullableString,
});

const alarmEventSchema = z.strictObject({
  uuid: nullableString,
  name: nullableString,
  category: nullableString,
  subcategory: nullableString,
  severity: nullableString,
  occurredAt: z.number().nullable(),
  source: eventPeerSchema,
  destination: eventPeerSchema,
  plugin: nullableString,
  pluginDevice: nullableString,
  log: nullableString,
});

const ruleSchema = z.strictObject({
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
  deployment: z.string(),
  status: z.enum(STATUSES).nullable(),
  priority: z.number().int(),
  priorityLabel: z.enum(PRIORITY_ORDER).nullable(),
  suppressed: z.boolean(),
  rule: ruleSchema,
  occurredAt: z.number().nullable(),
  receivedAt: z.number().nullable(),
  sources: z.array(endpointSchema),
  destinations: z.array(endpointSchema),
  sourceUsername: nullableString,
  destinationUsername: nullableString,
  eventsShown: z.number().int(),
  eventsTotal: z.number().int(),
  labels: z.array(z.string()),
  sensorUuid: nullableString,
  sensorSources: z.array(z.string()),
});

export const alarmDetailSchema = alarmSummarySchema.extend({
  events: z.array(alarmEventSchema),
  highlights: z.array(z.strictObject({ field: z.string(), value: nullableString })),
  raw: z.unknown(),
});

const indexSourceSchema = z.strictObject({
  kind: z.literal("index"),
  indexedUpTo: z.number().nullable(),
  backfilling: z.boolean().optional(),
});

export const alarmPageSchema = z.strictObject({
  alarms: z.array(alarmSummarySchema),
  page: z.strictObject({
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    totalIsLowerBound: z.boolean().optional(),
  }),
  occurred: z.strictObject({ gte: z.number().nullable(), lte: z.number().nullable() }),
  readAt: z.number(),
  source: indexSourceSchema.optional(),
});

// Each value as the list's filters accept it (a suggestion is always a valid, exact filter).
const catalogueField = (valid: (value: string) => boolean) =>
  z
    .array(z.string().refine(valid))
    .max(CATALOGUE_MAX_VALUES)
    .refine((values) => new Set(values).size === values.length, "values repeat");

export const alarmCatalogueSchema = z.strictObject({
  intents: catalogueField(isFilterText),
  strategies: catalogueField(isFilterText),
  methods: catalogueField(isFilterText),
  sensors: catalogueField(isAlarmUuid),
  methodsByStrategy: z
    .array(z.tuple([z.string().refine(isFilterText), catalogueField(isFilterText)]))
    .max(CATALOGUE_MAX_VALUES),
});

// What GET /api/health and /api/d/{key}/health answer of a deployment.
const budgetUsageSchema = z.strictObject({
  /** The upstream's documented limit. */
  limitPerSecond: z.number().int().nonnegative(),
  /** What the console sustains at most, all replicas together (0 = unlimited). */
  sustainedPerSecond: z.number().int().nonnegative(),
  /** Calls this replica sent a second lately: the budget in use. */
  recentPerSecond: z.number().nonnegative(),
});

export const usmHealthSchema = z.strictObject({
  upstream: z.strictObject({
    reachable: z.literal(true),
    apiAccess: z.literal(true),
    /** Alarms the deployment holds, when it says. */
    totalAlarms: z.number().int().nullable(),
    checkedInMs: z.number().nonnegative(),
  }),
  token: z.strictObject({
    valid: z.boolean(),
    /** Epoch ms. */
    expiresAt: z.number().nullable(),
    expiresInSeconds: z.number().int().nullable(),
  }),
  budget: z.strictObject({ get: budgetUsageSchema, post: budgetUsageSchema }),
  /** The asking analyst's own calls waiting for the budget (never anyone else's). */
  yourQueuedCalls: z.number().int().nonnegative(),
  cache: z.strictObject({ ttlMs: z.number().int() }),
});
export type UsmHealth = z.infer<typeof usmHealthSchema>;

// Compile-time: each schema says exactly what its type says, no more and no less.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const holds = <T extends true>(value: T) => value;
holds<Same<z.infer<typeof endpointSchema>, Endpoint>>(true);
holds<Same<z.infer<typeof alarmEventSchema>, AlarmEvent>>(true);
holds<Same<z.infer<typeof alarmSummarySchema>, AlarmSummary>>(true);
holds<Same<z.infer<typeof alarmDetailSchema>, AlarmDetail>>(true);
holds<Same<z.infer<typeof alarmPageSchema>, AlarmPage>>(true);
holds<Same<z.infer<typeof indexSourceSchema>, IndexSource>>(true);
holds<Same<z.infer<typeof alarmCatalogueSchema>, AlarmCatalogue>>(true);
