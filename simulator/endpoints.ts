// The hosts on either side of an alarm: internal assets from the catalog, external addresses
// drawn per alarm with a country and an organisation.
import { COUNTRIES, COUNTRY_WEIGHTS, InternalHost } from "./catalog";
import { Rng, at } from "./prng";
import type { Direction } from "./taxonomy";

/** One side of an alarm as it is served: drawn (below) or staged through the admin API. */
export interface Endpoint {
  address: string;
  hostname: string | null;
  fqdn: string | null;
  assetId: string | null;
  country: string | null;
  organisation: string | null;
  /** The hostname, else the address, for drawn endpoints. */
  name: string;
  /** The FQDN, else the address, for drawn endpoints. */
  canonical: string;
  eventCount: number;
}

const COUNTRY_TOTAL = COUNTRY_WEIGHTS.reduce((s, w) => s + w, 0);

function external(rng: Rng): Endpoint {
  const country = at(COUNTRIES, rng.weighted(COUNTRY_WEIGHTS, COUNTRY_TOTAL));
  const address = `${rng.pick(country.octets)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
  return {
    address,
    hostname: null,
    fqdn: null,
    assetId: null,
    country: country.code,
    organisation: rng.pick(country.organisations),
    name: address,
    canonical: address,
    eventCount: 0,
  };
}

/** An asset of the estate as an alarm names it. */
export function internal(host: InternalHost): Endpoint {
  return {
    address: host.address,
    hostname: host.hostname,
    fqdn: host.fqdn,
    assetId: host.assetId,
    country: null,
    organisation: null,
    name: host.hostname,
    canonical: host.fqdn,
    eventCount: 0,
  };
}

/** Distinct internal hosts, none equal to `exclude`. */
function internalHosts(
  rng: Rng,
  hosts: readonly InternalHost[],
  howMany: number,
  exclude: string | null,
): Endpoint[] {
  const picked = new Set<InternalHost>();
  for (let tries = 0; picked.size < howMany && tries < howMany * 4; tries++) {
    const host = rng.pick(hosts);
    if (host.address !== exclude) picked.add(host);
  }
  return [...picked].map(internal);
}

/** Splits `total` events over the endpoints, the first taking the largest share. */
function spread(rng: Rng, endpoints: Endpoint[], total: number): void {
  let left = total;
  endpoints.forEach((endpoint, i) => {
    const isLast = i === endpoints.length - 1;
    const share = isLast ? left : Math.max(1, Math.floor(left * (0.4 + rng.float() * 0.4)));
    endpoint.eventCount = Math.max(0, Math.min(left, share));
    left -= endpoint.eventCount;
  });
}

export function drawEndpoints(
  rng: Rng,
  hosts: readonly InternalHost[],
  direction: Direction,
  fanOut: number,
  eventsCount: number,
): { sources: Endpoint[]; destinations: Endpoint[] } {
  const width = fanOut > 1 ? rng.int(1, Math.min(fanOut, eventsCount)) : 1;
  let sources: Endpoint[];
  let destinations: Endpoint[];
  if (direction === "inbound") {
    sources = [external(rng)];
    destinations = internalHosts(rng, hosts, width, null);
  } else if (direction === "outbound") {
    sources = internalHosts(rng, hosts, 1, null);
    destinations = [external(rng)];
  } else {
    sources = internalHosts(rng, hosts, 1, null);
    destinations = internalHosts(rng, hosts, width, sources[0]?.address ?? null);
  }
  spread(rng, sources, eventsCount);
  spread(rng, destinations, eventsCount);
  return { sources, destinations };
}
