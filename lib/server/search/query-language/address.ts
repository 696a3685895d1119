import "server-only";

// Addresses as the search language takes them: IPv4, IPv6 (compressed, or ending in a dotted
// IPv4), either with a CIDR length, and an IPv4 ending in `.*`. Each is checked here and written
// back canonically, a range with its host bits cleared, so PostgreSQL's inet and cidr casts of
// what the compiler sends can never fail (a cidr with host bits set is an error there).

export interface ParsedAddress {
  /** Canonical text: dotted IPv4, or RFC 5952 IPv6. */
  address: string;
  /** The CIDR length, or null for one address. */
  prefix: number | null;
}

const DECIMAL = /^[0-9]{1,3}$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (DECIMAL.test(part) ? Number(part) : 256));
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

function groupsOf(text: string): number[] | null {
  if (text === "") return [];
  const groups: number[] = [];
  const parts = text.split(":");
  for (const [index, part] of parts.entries()) {
    if (index === parts.length - 1 && part.includes(".")) {
      const bytes = ipv4Bytes(part);
      if (!bytes) return null;
      groups.push((bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!);
    } else if (HEX_GROUP.test(part)) {
      groups.push(parseInt(part, 16));
    } else {
      return null;
    }
  }
  return groups;
}

function ipv6Bytes(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = groupsOf(halves[0] ?? "");
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? "") : [];
  if (!head || !tail) return null;
  // A dotted IPv4 may only end the address.
  if (halves.length === 2 && (halves[0] ?? "").includes(".")) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

function formatIpv6(bytes: number[]): string {
  const groups = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
  // RFC 5952: the longest run of two or more zero groups (the first of equals) becomes "::".
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > best.length) best = { start, length };
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(":");
  const head = hex.slice(0, best.start).join(":");
  const tail = hex.slice(best.start + best.length).join(":");
  return `${head}::${tail}`;
}

function masked(bytes: number[], prefix: number): number[] {
  return bytes.map((byte, index) => {
    const keep = Math.max(0, Math.min(8, prefix - index * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
}

/** `text` as an address or CIDR range, or null when it is neither. */
export function parseAddress(text: string): ParsedAddress | null {
  const slash = text.indexOf("/");
  const host = slash < 0 ? text : text.slice(0, slash);
  const length = slash < 0 ? null : text.slice(slash + 1);
  const v4 = ipv4Bytes(host);
  const bytes = v4 ?? (host.includes(":") ? ipv6Bytes(host) : null);
  if (!bytes) return null;
  let prefix: number | null = null;
  if (length !== null) {
    prefix = DECIMAL.test(length) ? Number(length) : Infinity;
    if (prefix > bytes.length * 8) return null;
  }
  const kept = prefix === null ? bytes : masked(bytes, prefix);
  return { address: v4 ? kept.join(".") : formatIpv6(kept), prefix };
}

/** `10.*`, `10.0.*`, `192.168.1.*`: the IPv4 range those whole octets name, or null. */
export function parseIpv4Wildcard(stem: string): ParsedAddress | null {
  const octets = stem.split(".");
  if (octets.pop() !== "" || octets.length < 1 || octets.length > 3) return null;
  const padded = [...octets, ...Array<string>(4 - octets.length).fill("0")].join(".");
  const bytes = ipv4Bytes(padded);
  return bytes ? { address: bytes.join("."), prefix: octets.length * 8 } : null;
}

/** Whether a bare word is an address or range (the grammar asks, to read `fe80::1` as one). */
export function isAddress(text: string): boolean {
  return parseAddress(text) !== null;
}
