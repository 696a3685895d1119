import "server-only";

// The address ranges a typed IPv4 prefix stands for, as text: "10.1" is 10.1.x.x, 10.10-19.x.x
// and 10.100-199.x.x, exactly the addresses whose dotted form starts with "10.1". Each range is
// one stretch of the (deployment, address) btree, so suggestions read the index, not the table.

export interface AddressRange {
  from: string;
  to: string;
}

const PARTIAL_IPV4 = /^[0-9]{1,3}(\.[0-9]{0,3}){0,3}$/;

/** The runs of octet values (0-255) whose decimal form starts with `typed` ("" = all). */
function octetRuns(typed: string): [number, number][] {
  const runs: [number, number][] = [];
  for (let value = 0; value <= 255; value++) {
    if (!String(value).startsWith(typed)) continue;
    const last = runs.at(-1);
    if (last && last[1] === value - 1) last[1] = value;
    else runs.push([value, value]);
  }
  return runs;
}

/** The ranges, in numeric order; empty when `prefix` starts no IPv4 address. */
export function ipv4PrefixRanges(prefix: string): AddressRange[] {
  if (!PARTIAL_IPV4.test(prefix)) return [];
  const parts = prefix.split(".");
  const whole = parts.slice(0, -1).map(Number);
  if (whole.some((octet) => octet > 255)) return [];
  // "10.1." has typed its third octet's nothing yet: every value follows.
  const typed = parts.at(-1)!;
  const rest = 4 - parts.length;
  return octetRuns(typed).map(([low, high]) => ({
    from: [...whole, low, ...Array<number>(rest).fill(0)].join("."),
    to: [...whole, high, ...Array<number>(rest).fill(255)].join("."),
  }));
}
