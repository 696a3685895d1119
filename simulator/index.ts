// Public entry point of the embedded USM Anywhere REST API v2.0 simulator.
export { startSimulator } from "./server";
export { SIM_MAX_PAGE_SIZE, SIM_SORT_FIELDS } from "./dataset";
export type {
  FaultRoute,
  Faults,
  LiveOptions,
  RunningSimulator,
  SimAlarm,
  SimAlarmInput,
  SimAlarmStatus,
  SimEndpointInput,
  SimLabel,
  SimulatorClient,
  SimulatorOptions,
  SimulatorStats,
} from "./types";
