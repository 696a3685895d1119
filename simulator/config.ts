// Resolves SimulatorOptions into a complete configuration. The only simulator file that reads
// process.env (the default client's credentials).
import { z } from "zod";
import { FaultsPatchSchema } from "./faults";
import { LIVE_OFF, LiveConfig } from "./live-schedule";
import type { SimulatorClient, SimulatorOptions } from "./types";

export interface SimulatorConfig {
  port: number;
  host: string;
  alarms: number;
  seed: number;
  anchor: number;
  clients: SimulatorClient[];
  tokenTtlSeconds: number;
  rateLimit: { getPerSecond: number; postPerSecond: number } | false;
  admin: boolean;
  live: LiveConfig;
  /** An injected clock (epoch ms), or undefined for the real one. */
  now: (() => number) | undefined;
}

/** Anchors must leave room for the 30-day window after the epoch. */
const MIN_ANCHOR = 31 * 24 * 3600_000;
export const MAX_ALARMS = 20_000_000;
/** Live rates are capped at 100 a second. */
const MAX_PER_MINUTE = 6000;

const OptionsSchema = z.object({
  port: z.number().int().min(0).max(65535).default(4010),
  host: z.string().min(1).default("127.0.0.1"),
  alarms: z.number().int().min(0).max(MAX_ALARMS).default(5000),
  // Seeds are mixed as 32-bit integers.
  seed: z.number().int().min(0).max(0xffffffff).default(42),
  anchor: z.number().int().min(MIN_ANCHOR).optional(),
  clients: z
    .array(
      z.object({
        id: z.string().min(1),
        secret: z.string().min(1),
        apiAccess: z.boolean().optional(),
        writeAccess: z.boolean().optional(),
      }),
    )
    .min(1)
    .optional(),
  tokenTtlSeconds: z.number().int().min(1).max(86_400).default(899),
  rateLimit: z
    .union([
      z.literal(false),
      z.object({ getPerSecond: z.number().int().min(1), postPerSecond: z.number().int().min(1) }),
    ])
    .default({ getPerSecond: 100, postPerSecond: 50 }),
  admin: z.boolean().default(false),
  faults: FaultsPatchSchema.optional(),
  live: z
    .strictObject({
      perMinute: z.number().min(0).max(MAX_PER_MINUTE),
      lateShare: z.number().min(0).max(1).optional(),
      burstChance: z.number().min(0).max(1).optional(),
      statusChangesPerMinute: z.number().min(0).max(MAX_PER_MINUTE).optional(),
    })
    .optional(),
});

function defaultClient(): SimulatorClient {
  return {
    id: process.env.USM_CLIENT_ID || "demo-client",
    secret: process.env.USM_CLIENT_SECRET || "demo-secret",
  };
}

export function resolveConfig(options: SimulatorOptions = {}): SimulatorConfig {
  const parsed = OptionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join(".") || "options";
    throw new TypeError(`Invalid simulator option '${name}': ${issue?.message ?? "invalid"}`);
  }
  const o = parsed.data;
  return {
    port: o.port,
    host: o.host,
    alarms: o.alarms,
    seed: o.seed,
    // The start time, to the second: the newest alarms are minutes old, so "the last hour" of a
    // demo is never empty. A given --anchor (with --seed) reproduces the data exactly.
    anchor: o.anchor ?? Math.floor((options.now ?? Date.now)() / 1000) * 1000,
    clients: o.clients ?? [defaultClient()],
    tokenTtlSeconds: o.tokenTtlSeconds,
    rateLimit: o.rateLimit,
    admin: o.admin,
    live: {
      perMinute: o.live?.perMinute ?? 0,
      lateShare: o.live?.lateShare ?? LIVE_OFF.lateShare,
      burstChance: o.live?.burstChance ?? LIVE_OFF.burstChance,
      statusChangesPerMinute: o.live?.statusChangesPerMinute ?? o.live?.perMinute ?? 0,
    },
    now: options.now,
  };
}
