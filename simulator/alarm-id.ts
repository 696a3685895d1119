// Alarm uuids encode the alarm's index (the generated set's, or a live alarm's beyond it), so
// the member route needs no uuid -> index Map:
// the first 32 bits are a seed-keyed Feistel permutation of the index (random-looking, reversible),
// the other 96 come from the alarm's PRNG and double as a checksum against guessed ids.
import { Rng, formatUuid, hash32 } from "./prng";

const UUID_STREAM = 0x1d;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ROUNDS = 4;

function roundFn(half: number, seed: number, round: number): number {
  return hash32(half, seed, round) & 0xffff;
}

function permute(value: number, seed: number): number {
  let left = value >>> 16;
  let right = value & 0xffff;
  for (let r = 0; r < ROUNDS; r++) {
    const next = left ^ roundFn(right, seed, r);
    left = right;
    right = next;
  }
  return ((left << 16) | right) >>> 0;
}

function unpermute(value: number, seed: number): number {
  let left = value >>> 16;
  let right = value & 0xffff;
  for (let r = ROUNDS - 1; r >= 0; r--) {
    const prev = right ^ roundFn(left, seed, r);
    right = left;
    left = prev;
  }
  return ((left << 16) | right) >>> 0;
}

const scratch = new Rng(0);

export function alarmUuid(seed: number, index: number): string {
  const head = permute(index, seed).toString(16).padStart(8, "0");
  return formatUuid(head + scratch.reseed(hash32(seed, index, UUID_STREAM)).hex(24));
}

/**
 * The alarm index a uuid names, or -1 when no alarm of this seed could have that uuid. Whether
 * an alarm with that index exists (the generated set, live arrivals, admin-added alarms) is the
 * caller's question.
 */
export function alarmIndexOf(seed: number, uuid: string): number {
  if (!UUID_PATTERN.test(uuid)) return -1;
  const index = unpermute(parseInt(uuid.slice(0, 8), 16), seed);
  return alarmUuid(seed, index) === uuid ? index : -1;
}
