// The environment `npm start` (scripts/start.mjs) builds and runs the dashboard in.

/**
 * `process.env` with telemetry off and the build's type check skipped: a start needs only the
 * compile, while `npm test` and CI type-check the same sources (`npm run typecheck`). On a busy
 * 2-core machine an analyst's first start spent 55 s of its 144 s in that check (issue #36).
 * `NEXT_SKIP_TYPECHECK=0` asks for the check all the same.
 */
export function startEnv(env) {
  return {
    ...env,
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_SKIP_TYPECHECK: env.NEXT_SKIP_TYPECHECK ?? "1",
  };
}
