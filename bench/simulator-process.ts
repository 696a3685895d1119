// The simulator in a child process of a bench (simulator/cli.ts through tsx), as a real upstream
// is another machine: its own work neither slows nor bloats the bench's figures. What it counted
// is read over HTTP (GET /_sim/stats, always on for loopback clients).
import { spawn } from "node:child_process";
import { join } from "node:path";
import type { SimulatorStats } from "../simulator/types";
import { ROOT } from "./bench-app";

export interface SimulatorProcess {
  url: string;
  /** What it has answered so far (GET /_sim/stats). */
  stats(): Promise<SimulatorStats>;
  /** False once the process has exited (stopped, or ended by someone else). */
  readonly running: boolean;
  stop(): void;
}

export async function startSimulatorProcess(options: {
  alarms: number;
  latencyMs: number;
  client: { id: string; secret: string };
}): Promise<SimulatorProcess> {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"),
      join(ROOT, "simulator", "cli.ts"),
      "--port=0",
      `--alarms=${options.alarms}`,
      `--latency=${options.latencyMs}`,
    ],
    {
      env: {
        ...process.env,
        USM_CLIENT_ID: options.client.id,
        USM_CLIENT_SECRET: options.client.secret,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the simulator exited (${code})`)));
  });
  return {
    url,
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    async stats() {
      const response = await fetch(`${url}/_sim/stats`);
      if (!response.ok) throw new Error(`GET /_sim/stats answered HTTP ${response.status}`);
      return (await response.json()) as SimulatorStats;
    },
    stop: () => child.kill("SIGTERM"),
  };
}
