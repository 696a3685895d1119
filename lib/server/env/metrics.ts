// The metrics' variable, METRICS_TOKEN: who may scrape GET /api/metrics; server-only.
import "server-only";
import { z } from "zod";
import { optionalVariable } from "./rules";

/** METRICS_TOKEN; unset, GET /api/metrics is off (404, as for a path no route serves). */
export const metricsVariables = z
  .object({
    // A bearer token Prometheus sends (its `authorization.credentials`): long enough not to be
    // guessed, and what an HTTP header can carry as it is.
    METRICS_TOKEN: optionalVariable(
      z
        .string()
        .trim()
        .min(16, { message: "must be at least 16 characters" })
        .regex(/^[\x21-\x7e]+$/, {
          message: "must be printable ASCII without spaces (it is sent in an HTTP header)",
        }),
    ),
  })
  .transform((env) => ({
    /** The bearer token GET /api/metrics asks for; undefined: the route is off. */
    token: env.METRICS_TOKEN,
  }));

export type MetricsEnv = z.output<typeof metricsVariables>;
