// Small, fast, seedable PRNG. Every generated value flows from (seed, alarm index, stream), so a
// page can be rebuilt on demand without keeping the full alarm in memory.

/** Mixes up to three 32-bit integers into one well-distributed 32-bit hash (murmur3 finaliser). */
export function hash32(a: number, b = 0, c = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b ^ 0x7f4a7c15, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) ^ Math.imul(c ^ 0x632be5ab, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32: one 32-bit word of state, good enough statistics for synthetic data. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Re-seeds in place; the startup loop reuses one instance for a million alarms. */
  reseed(seed: number): this {
    this.state = seed >>> 0;
    return this;
  }

  u32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.float() * items.length));
  }

  /** Index drawn with probability proportional to weights[i]. */
  weighted(weights: readonly number[], total?: number): number {
    const sum = total ?? weights.reduce((s, w) => s + w, 0);
    let r = this.float() * sum;
    for (let i = 0; i < weights.length; i++) {
      r -= at(weights, i);
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** Log-uniform integer in [min, max]: many small values, a long tail of large ones. */
  logInt(min: number, max: number): number {
    const v = Math.exp(Math.log(min) + this.float() * (Math.log(max + 1) - Math.log(min)));
    return Math.min(max, Math.floor(v));
  }

  hex(chars: number): string {
    let out = "";
    while (out.length < chars) out += this.u32().toString(16).padStart(8, "0");
    return out.slice(0, chars);
  }

  /** A v4-shaped uuid (version nibble 4, variant 10xx). */
  uuid(): string {
    return formatUuid(this.hex(32));
  }
}

/** Indexed read that fails loudly instead of yielding undefined (noUncheckedIndexedAccess). */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} out of range (${items.length})`);
  return item;
}

/** Formats 32 hex chars as a v4 uuid, forcing the version and variant nibbles. */
export function formatUuid(hex: string): string {
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return (
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-` +
    `${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  );
}
