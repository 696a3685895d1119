import "server-only";

// The vendor client: the only door to the upstream. Features read a deployment through these
// typed operations and consume our own shapes; nothing outside lib/server/usm names an upstream
// path, parses a vendor shape or touches vendor JSON (npm run lint holds every import outside
// it to this file).

export { createUsmClient, type UsmClient } from "./client";
export { isOwnRefusal } from "./budget";
export { isUpstreamBadRequest } from "./transport";
export { fetchAlarm, fetchAlarmPage, readAlarm, readAlarmPage, type UsmCall } from "./alarms";
export { countAlarms, countByPriority } from "./counts";
export { readLiveWindow, readAlarmStatus } from "./live";
export { readExportPage } from "./export";
export {
  countIndexBucket,
  indexedAlarmOf,
  PageSizeRefused,
  readIndexPage,
  type IndexedAlarm,
  type IndexPage,
  type IndexWindow,
} from "./index-read";
export { fetchHealth, checkUpstream } from "./health";
export { readCatalogue, seedCatalogue } from "./catalogue-read";
export {
  labelRefusalOf,
  readAlarmLabels,
  writeAlarmLabel,
  type LabelRefusal,
  type LabelWriteRefusal,
} from "./labels";
