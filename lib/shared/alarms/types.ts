import type { PriorityName } from "./priority";
import type { AlarmStatus } from "./query";

// Our own alarm shapes: what the route handlers return and the UI renders. The vendor's raw
// JSON stops at the vendor client's reshape layer (lib/server/usm/reshape.ts; the detail keeps it
// only for its JSON tab). Browser-safe: plain types. The server checks every value against the
// strict schemas of lib/server/core/shapes.ts before it sends or caches it; those schemas are
// held to these types at compile time.

export interface Endpoint {
  address: string | null;
  hostname: string | null;
  fqdn: string | null;
  name: string | null;
  canonical: string | null;
  country: string | null;
  organisation: string | null;
  assetId: string | null;
  eventCount: number | null;
}

export interface EventPeer {
  address: string | null;
  port: number | null;
  hostname: string | null;
}

export interface AlarmEvent {
  uuid: string | null;
  name: string | null;
  category: string | null;
  subcategory: string | null;
  severity: string | null;
  /** Epoch ms. */
  occurredAt: number | null;
  source: EventPeer;
  destination: EventPeer;
  plugin: string | null;
  pluginDevice: string | null;
  log: string | null;
}

export interface AlarmRule {
  id: string | null;
  intent: string | null;
  strategy: string | null;
  method: string | null;
  dictionary: string | null;
  attackId: string | null;
  attackTechnique: string | null;
  attackTactics: string[];
}

export interface AlarmSummary {
  uuid: string;
  /** The key of the deployment the alarm came from. */
  deployment: string;
  status: AlarmStatus | null;
  priority: number;
  /** One of the priority model's labels; null for none or one beyond them (an open set). */
  priorityLabel: PriorityName | null;
  suppressed: boolean;
  rule: AlarmRule;
  /** Epoch ms. */
  occurredAt: number | null;
  /** Epoch ms. */
  receivedAt: number | null;
  sources: Endpoint[];
  destinations: Endpoint[];
  /** The user names the alarm carries, of its source and its destination. */
  sourceUsername: string | null;
  destinationUsername: string | null;
  /** Events the service retained (at most 10). */
  eventsShown: number;
  /** Events that made up the alarm. */
  eventsTotal: number;
  labels: string[];
  sensorUuid: string | null;
  sensorSources: string[];
}

/** A field the deployment highlights on an alarm (`highlight_fields`), with its value there. */
export interface HighlightedField {
  /** The vendor's field name, e.g. source_username. */
  field: string;
  /** Its value on the alarm (or its first event, for an event field); null when it has none. */
  value: string | null;
}

export interface AlarmDetail extends AlarmSummary {
  events: AlarmEvent[];
  /** What the deployment highlights on this alarm, in its order. */
  highlights: HighlightedField[];
  /** The vendor's alarm exactly as received, for the JSON tab. */
  raw: unknown;
}

/**
 * Where a page came from when it is not the upstream: the console's index (a search), and how
 * far it has read each deployment.
 */
export interface IndexSource {
  kind: "index";
  /**
   * Epoch ms: the index holds every alarm up to this moment (the oldest of the deployments
   * read). Null when one of them is not indexed yet.
   */
  indexedUpTo: number | null;
  /** One of them is still reading its past alarms: older matches may be missing. */
  backfilling?: boolean;
  /**
   * The index does not hold one of them whole over the view's range yet (the queue of every
   * deployment says which): counts are at least these.
   */
  partial?: boolean;
}

export interface AlarmPage {
  alarms: AlarmSummary[];
  page: {
    number: number;
    size: number;
    totalElements: number;
    totalPages: number;
    /** A search counts its matches only so far (say "10,000 or more"): the total is at least this. */
    totalIsLowerBound?: boolean;
  };
  /** The occurred-time bounds the page was read with (a rolling range resolved at the read). */
  occurred: { gte: number | null; lte: number | null };
  /**
   * When the upstream answered (the server's epoch ms): the live queue counts as new what its
   * watcher first saw after this.
   */
  readAt: number;
  /** Read from the index (a search); absent = read from the upstream. */
  source?: IndexSource;
}

/** The most values the catalogue keeps per field (lib/server/usm/catalogue.ts). */
export const CATALOGUE_MAX_VALUES = 2_000;

/**
 * GET /api/d/{key}/alarms/catalogue: every rule intent, strategy and method and every sensor the
 * console has seen for the deployment, most often seen first (ties by name, case-insensitively).
 */
export interface AlarmCatalogue {
  intents: string[];
  strategies: string[];
  methods: string[];
  sensors: string[];
  /** Each strategy (by name) with the methods seen with it, most often seen first. */
  methodsByStrategy: [strategy: string, methods: string[]][];
}
