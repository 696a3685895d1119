// startSimulator: builds the data set, then serves it over node:http.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { AlarmRow } from "./alarm-row";
import { resolveConfig } from "./config";
import { SimulatorCore } from "./core";
import { dispatch } from "./router";
import type { RunningSimulator, SimAlarm, SimulatorOptions } from "./types";

/** An alarm as the single-alarm endpoint answers it, links under the simulator's own URL. */
function memberJson(core: SimulatorCore, row: AlarmRow, origin: string): SimAlarm {
  return core.alarmJson(row, origin, "flat") as SimAlarm; // an alarm's JSON always has its uuid
}

/** A connectable URL host: wildcard binds are reached over loopback. */
function urlHost(host: string): string {
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return reachable.includes(":") ? `[${reachable}]` : reachable;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const config = resolveConfig(options);
  const core = new SimulatorCore(config, options.faults);
  let url = "";
  const server = createServer((req, res) => {
    void dispatch(core, url, req, res);
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo; // listening on TCP, so an AddressInfo
  url = `http://${urlHost(config.host)}:${port}`;

  let closed: Promise<void> | undefined;
  return {
    url,
    // Once: a second close (a test's own, then its file's clean-up) waits for the first.
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      })),
    setFaults: (f) => {
      core.setFaults(f);
    },
    revokeTokens: () => core.revokeTokens(),
    reset: () => core.reset(),
    addAlarm: (fields = {}) => memberJson(core, core.addAlarm(fields), url),
    setAlarmStatus: (uuid, status) => memberJson(core, core.setAlarmStatus(uuid, status), url),
    labels: () => core.labels.list(),
    addLabel: (name) => core.addLabel({ name }).label,
    labelsOf: (uuid) => core.labelIdsOf(uuid),
    stats: () => core.stats(),
  };
}
