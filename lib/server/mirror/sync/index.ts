import "server-only";

// The index's sync: a worker per deployment keeping its index in step with the upstream within
// its share of the budget (./worker.ts), the service that starts them (./service.ts), and what
// the home tile, /api/health and search say of each deployment's index (./status.ts).

export {
  forgetIfGone,
  IndexSync,
  indexStatus,
  indexStatuses,
  refreshIndexedAlarm,
  setProcessIndexSync,
} from "@/lib/server/mirror/sync/service";
