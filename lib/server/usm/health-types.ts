import { z } from "zod";

// What GET /api/health answers. Client-safe (no server-only code), so a status view can import it.

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
