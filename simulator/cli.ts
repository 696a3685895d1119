// `npm run simulator -- --port 4010 --alarms 5000 --seed 42 [--live 3]`: runs the simulator until
// SIGINT or SIGTERM. Prints exactly one line once it is listening, so scripts can wait for it.
import { parseArgs } from "node:util";
import { startSimulator } from "./server";
import type { LiveOptions, SimulatorOptions } from "./types";

const USAGE = `Usage: npm run simulator -- [options]
  --port <n>        port to listen on (default 4010; 0 = any free port)
  --alarms <n>      number of alarms (default 5000)
  --seed <n>        data seed (default 42)
  --anchor <ms>     epoch ms the newest alarm is near (default: now, to the second)
  --token-ttl <s>   token lifetime in seconds (default 899)
  --latency <ms>    delay every API answer by this much
  --live <n>        new alarms per minute while running (default 0 = a still data set;
                    decimals allowed, e.g. 0.5)
  --late-share <x>  share (0..1) of new alarms received 2-15 minutes late (default 0.2)
  --status-changes <n>
                    scheduled status changes per minute (default: the --live rate)
  --admin           enable the /_sim admin API (faults, revoke-tokens, reset, alarms)`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function int(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) fail(`--${name} must be a non-negative integer, got '${raw}'`);
  return Number(raw);
}

function decimal(name: string, raw: string | undefined, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  if (!(value <= max)) fail(`--${name} must be a number from 0 to ${max}, got '${raw}'`);
  return value;
}

/** --live, --late-share, --status-changes; none given = a still data set. */
function liveOptions(
  values: Record<string, string | boolean | undefined>,
): LiveOptions | undefined {
  const str = (name: string) => {
    const value = values[name];
    return typeof value === "string" ? value : undefined;
  };
  const perMinute = decimal("live", str("live"), 6000);
  const lateShare = decimal("late-share", str("late-share"), 1);
  const statusChanges = decimal("status-changes", str("status-changes"), 6000);
  if (perMinute === undefined && lateShare === undefined && statusChanges === undefined) {
    return undefined;
  }
  return {
    perMinute: perMinute ?? 0,
    ...(lateShare !== undefined && { lateShare }),
    ...(statusChanges !== undefined && { statusChangesPerMinute: statusChanges }),
  };
}

function parseOptions(argv: string[]): SimulatorOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: "string" },
        alarms: { type: "string" },
        seed: { type: "string" },
        anchor: { type: "string" },
        "token-ttl": { type: "string" },
        latency: { type: "string" },
        live: { type: "string" },
        "late-share": { type: "string" },
        "status-changes": { type: "string" },
        admin: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const latency = int("latency", values.latency);
  const live = liveOptions(values);
  return {
    port: int("port", values.port),
    alarms: int("alarms", values.alarms),
    seed: int("seed", values.seed),
    anchor: int("anchor", values.anchor),
    tokenTtlSeconds: int("token-ttl", values["token-ttl"]),
    admin: values.admin ?? false,
    ...(latency !== undefined && { faults: { latencyMs: latency } }),
    ...(live && { live }),
  };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  let sim;
  try {
    sim = await startSimulator(options);
  } catch (error) {
    fail(`Cannot start the simulator: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.stdout.write(`USM simulator listening on ${sim.url}\n`);
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
