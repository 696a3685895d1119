// Injected faults for tests: latency, failures with a chosen status, malformed bodies.
import { z } from "zod";
import type { FaultRoute, Faults } from "./types";

const FAULT_ROUTES = [
  "token",
  "alarms",
  "alarm",
  "labels",
] as const satisfies readonly FaultRoute[];

export const NO_FAULTS: Readonly<Faults> = {
  latencyMs: 0,
  failRate: 0,
  failStatus: 500,
  malformedRate: 0,
  failAbovePageSize: null,
  routes: [...FAULT_ROUTES],
};

export const FaultsPatchSchema = z
  .object({
    latencyMs: z.number().int().min(0).max(120_000),
    failRate: z.number().min(0).max(1),
    failStatus: z.number().int().min(400).max(599),
    malformedRate: z.number().min(0).max(1),
    failAbovePageSize: z.number().int().min(1).nullable(),
    routes: z.array(z.enum(FAULT_ROUTES)),
  })
  .partial()
  .strict();

/** Merges a validated patch into the current faults; throws a ZodError on invalid input. */
export function mergeFaults(current: Faults, patch: unknown): Faults {
  const parsed = FaultsPatchSchema.parse(patch);
  return { ...current, ...parsed, routes: [...(parsed.routes ?? current.routes)] };
}

export function appliesTo(faults: Faults, route: FaultRoute): boolean {
  return faults.routes.includes(route);
}

/** Rates of 0 and 1 are exact (never / always), so tests stay deterministic. */
export function roll(rate: number): boolean {
  return rate > 0 && Math.random() < rate;
}

/**
 * Whether a list read asks for a page larger than the faults let through: the real service has
 * been seen to fail large pages (a 5xx) where no maximum is documented.
 */
export function pageTooLarge(faults: Faults, params: URLSearchParams): boolean {
  const limit = faults.failAbovePageSize;
  return limit !== null && Number(params.get("size") ?? 20) > limit;
}
