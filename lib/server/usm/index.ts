import "server-only";

// The vendor client: the only door to the upstream. Features read a deployment through these
// typed operations and consume our own shapes; nothing outside lib/server/usm names an upstream
// path, parses a vendor shape or touches vendor JSON (npm run lint holds every import outside
// it to this file).

export { createUsmClient, type UsmClient, type UsmClientConfig } from "./client";
export { BUDGET_CLASSES, type BudgetClassName, type ShareClassName } from "./budget-classes";
export { isOwnRefusal } from "./budget";
export { isUpstreamBadRequest } from "./transport";
export type { Shared } from "./cache";
export type { Turn } from "./turns";
export type { UsmHealth } from "@/lib/server/core/shapes";
export { fetchAlarm, fetchAlarmPage, readAlarm, readAlarmPage, type UsmCall } from "./alarms";
export { countAlarms, countByPriority, type AlarmCount, type PriorityCounts } from "./counts";
export { readLiveWindow, readAlarmStatus } from "./live";
export { readExportPage, type ExportPage } from "./export";
export { fetchHealth, checkUpstream } from "./health";
export { readCatalogue } from "./catalogue-read";
