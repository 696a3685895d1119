// Validates who an added alarm involves, in the vendor's own names (alarm_sources, sources[],
// source_name, source_username, and the same for destinations), into staged endpoints that agree
// with each other. Every rejection names its field, nested ones by path (sources[1].address).
import { isIP } from "node:net";
import { z } from "zod";
import { AdminInputError } from "./admin-errors";
import type { InternalHost } from "./catalog";
import type { Staged, StagedEndpoint } from "./staged";

const TEXT_MAX = 255;
const MAX_ENDPOINTS = 100;
const MAX_EVENTS = 1_000_000;

const TEXT_REASON =
  `must be a non-empty string of at most ${TEXT_MAX} characters, ` +
  "without control characters or surrounding spaces";
const ADDRESS_REASON = "must be an IPv4 or IPv6 address (no prefix length, port or zone)";

function isSane(value: string): boolean {
  return (
    value.length <= TEXT_MAX && value.trim() === value && value !== "" && !/\p{Cc}/u.test(value)
  );
}

/** A required field that is absent says so; a present but bad one gives the reason. */
function reason(text: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `is required and ${text}` : text;
}

const text = z.string({ error: reason(TEXT_REASON) }).refine(isSane, { error: TEXT_REASON });

/** IPv6 in the canonical form URLs spell it in: RFC 5952 (lowercase, longest zero run as ::), but
 * an embedded IPv4 part in hex. */
function canonicalAddress(address: string): string {
  return isIP(address) === 6 ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address;
}

const address = z
  .string({ error: reason(ADDRESS_REASON) })
  .refine((value) => isIP(value) !== 0 && !value.includes("%"), { error: ADDRESS_REASON })
  .transform(canonicalAddress);

const COUNTRY_REASON = "must be an ISO 3166 country code of two capital letters (e.g. NL)";
const country = z.string({ error: COUNTRY_REASON }).regex(/^[A-Z]{2}$/, { error: COUNTRY_REASON });
const COUNT_REASON = `must be an integer from 0 to ${MAX_EVENTS}`;
const eventCount = z
  .number({ error: COUNT_REASON })
  .int({ error: COUNT_REASON })
  .min(0, { error: COUNT_REASON })
  .max(MAX_EVENTS, { error: COUNT_REASON });

const endpoint = z.strictObject(
  {
    address,
    hostname: text.optional(),
    fqdn: text.optional(),
    name: text.optional(),
    canonical: text.optional(),
    country: country.optional(),
    organisation: text.optional(),
    asset_id: text.optional(),
    event_count: eventCount.optional(),
  },
  { error: "must be an object with an address" },
);
type EndpointInput = z.output<typeof endpoint>;

function list<T extends z.ZodType>(item: T, what: string) {
  const why = `must be an array of 1 to ${MAX_ENDPOINTS} ${what}`;
  return z.array(item, { error: why }).min(1, { error: why }).max(MAX_ENDPOINTS, { error: why });
}

const WHO = z.object({
  alarm_sources: list(address, "addresses").optional(),
  alarm_destinations: list(address, "addresses").optional(),
  sources: list(endpoint, "objects").optional(),
  destinations: list(endpoint, "objects").optional(),
  source_name: text.optional(),
  destination_name: text.optional(),
  source_username: text.optional(),
  destination_username: text.optional(),
});
type Who = z.output<typeof WHO>;

/** The body fields this module reads. */
export const WHO_FIELDS: readonly string[] = Object.keys(WHO.shape);

/** The vendor's names for one side of an alarm. */
interface Side {
  addresses: "alarm_sources" | "alarm_destinations";
  objects: "sources" | "destinations";
  name: "source_name" | "destination_name";
}
const SOURCE: Side = { addresses: "alarm_sources", objects: "sources", name: "source_name" };
const DESTINATION: Side = {
  addresses: "alarm_destinations",
  objects: "destinations",
  name: "destination_name",
};

/** `sources[1].address` from a path. */
function fieldOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, key) => {
    if (typeof key === "number") return `${name}[${key}]`;
    return name === "" ? String(key) : `${name}.${String(key)}`;
  }, "");
}

function parse(body: Record<string, unknown>): Who {
  const parsed = WHO.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.code === "unrecognized_keys") {
    throw new AdminInputError(fieldOf([...issue.path, issue.keys[0]!]), "unknown field");
  }
  throw new AdminInputError(fieldOf(issue.path), issue.message);
}

function noRepeats(addresses: readonly string[], fieldAt: (i: number) => string): void {
  const seen = new Set<string>();
  addresses.forEach((value, i) => {
    if (seen.has(value)) throw new AdminInputError(fieldAt(i), `names ${value} twice`);
    seen.add(value);
  });
}

/** alarm_sources beside sources[] must name exactly the objects' addresses (in any order). */
function sameAddresses(side: Side, addresses: readonly string[], objects: EndpointInput[]): void {
  noRepeats(addresses, () => side.addresses);
  const have = new Set(objects.map((o) => o.address));
  const extra = addresses.find((a) => !have.has(a));
  if (extra !== undefined) {
    throw new AdminInputError(
      side.addresses,
      `names ${extra}, which no ${side.objects}[] object has`,
    );
  }
  const given = new Set(addresses);
  const missing = objects.findIndex((o) => !given.has(o.address));
  if (missing >= 0) {
    const which = `${side.objects}[${missing}]`;
    throw new AdminInputError(
      side.addresses,
      `leaves out ${objects[missing]!.address}, which ${which} has`,
    );
  }
}

/**
 * An endpoint as served. An address of the estate given bare (nothing about its host) is that
 * asset; the name defaults to the hostname, the canonical to the FQDN, each else to the address.
 */
function resolve(input: EndpointInput, hosts: readonly InternalHost[]): StagedEndpoint {
  const bare = [input.hostname, input.fqdn, input.asset_id, input.name, input.canonical].every(
    (v) => v === undefined,
  );
  const host = bare ? hosts.find((h) => h.address === input.address) : undefined;
  const hostname = input.hostname ?? host?.hostname ?? null;
  const fqdn = input.fqdn ?? host?.fqdn ?? null;
  return {
    address: input.address,
    hostname,
    fqdn,
    assetId: input.asset_id ?? host?.assetId ?? null,
    country: input.country ?? null,
    organisation: input.organisation ?? null,
    name: input.name ?? hostname ?? input.address,
    canonical: input.canonical ?? fqdn ?? input.address,
    eventCount: input.event_count ?? null,
  };
}

/** One side's staged endpoints (undefined: drawn), its first named by source_name if given. */
function stageSide(
  who: Who,
  side: Side,
  hosts: readonly InternalHost[],
): StagedEndpoint[] | undefined {
  const addresses = who[side.addresses];
  const objects = who[side.objects];
  let inputs: EndpointInput[];
  if (objects) {
    noRepeats(
      objects.map((o) => o.address),
      (i) => `${side.objects}[${i}].address`,
    );
    if (addresses) sameAddresses(side, addresses, objects);
    inputs = [...objects];
  } else if (addresses) {
    noRepeats(addresses, () => side.addresses);
    inputs = addresses.map((a) => ({ address: a }));
  } else {
    return undefined;
  }
  const name = who[side.name];
  const first = inputs[0]!;
  if (name !== undefined) {
    const own = first.name !== undefined ? "name" : "hostname";
    const ownName = first[own];
    if (ownName !== undefined && ownName !== name) {
      const where = `${side.objects}[0]'s ${own}`;
      throw new AdminInputError(side.name, `'${name}' differs from ${where} '${ownName}'`);
    }
    inputs[0] = { ...first, name };
  }
  return inputs.map((input) => resolve(input, hosts));
}

/** The events a side's staged counts need; throws when they exceed a given events_count. */
function countsNeed(side: Side, endpoints: StagedEndpoint[] | undefined, total?: number): number {
  let sum = 0;
  endpoints?.forEach((e, i) => {
    if (e.eventCount === null) return;
    sum += e.eventCount;
    if (total !== undefined && sum > total) {
      const why = `the event counts of ${side.objects} add up to more than events_count (${total})`;
      throw new AdminInputError(`${side.objects}[${i}].event_count`, why);
    }
  });
  return sum;
}

export interface ParsedWho {
  staged: Staged;
  /** The alarm's event count when none was given but staged endpoints count theirs. */
  eventsCount?: number;
}

/** Who an added alarm involves; throws AdminInputError naming the field on bad or clashing input. */
export function parseWho(
  body: Record<string, unknown>,
  hosts: readonly InternalHost[],
  eventsCount: number | undefined,
): ParsedWho {
  const who = parse(body);
  const sources = stageSide(who, SOURCE, hosts);
  const destinations = stageSide(who, DESTINATION, hosts);
  const staged: Staged = {
    ...(sources ? { sources } : who.source_name !== undefined && { sourceName: who.source_name }),
    ...(destinations
      ? { destinations }
      : who.destination_name !== undefined && { destinationName: who.destination_name }),
    ...(who.source_username !== undefined && { sourceUsername: who.source_username }),
    ...(who.destination_username !== undefined && {
      destinationUsername: who.destination_username,
    }),
  };
  const need = Math.max(
    countsNeed(SOURCE, sources, eventsCount),
    countsNeed(DESTINATION, destinations, eventsCount),
  );
  const counted = [...(sources ?? []), ...(destinations ?? [])].some((e) => e.eventCount !== null);
  return {
    staged,
    ...(eventsCount === undefined && counted && { eventsCount: Math.max(1, need) }),
  };
}
