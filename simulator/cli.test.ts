// Conformance: `npm run simulator` (tsx simulator/cli.ts) prints exactly one line once it is
// listening, serves the flags it was given, and stops cleanly on SIGTERM and SIGINT.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("./cli.ts", import.meta.url));

function run(args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, USM_CLIENT_ID: "cli-client", USM_CLIENT_SECRET: "cli-secret" },
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", () => {
      const line = /USM simulator listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(stdout);
      if (line?.[1]) resolve(line[1]);
    });
    child.once("exit", (code) => reject(new Error(`exited early with ${code}`)));
  });
  // Callers that expect an early exit never await `ready`; keep its rejection handled.
  ready.catch(() => undefined);
  return { child, ready, stdout: () => stdout };
}

interface Page {
  page: { totalElements: number };
  _embedded: { alarms: Array<{ timestamp_occured: string; timestamp_received: string }> };
}

/** One page of alarms from a CLI-started simulator (credentials from the env `run` sets). */
async function getAlarms(url: string, query: string): Promise<Page> {
  const token = await fetch(`${url}/api/2.0/oauth/token?grant_type=client_credentials`, {
    method: "POST",
    headers: { Authorization: `Basic ${Buffer.from("cli-client:cli-secret").toString("base64")}` },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await fetch(`${url}/api/2.0/alarms${query}`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  return (await res.json()) as Page;
}

describe("cli", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "prints one line, honours the flags and env, and exits 0 on %s",
    async (signal) => {
      const { child, ready, stdout } = run([
        "--port",
        "0",
        "--alarms",
        "42",
        "--seed",
        "3",
        "--admin",
      ]);
      const url = await ready;
      const token = await fetch(`${url}/api/2.0/oauth/token?grant_type=client_credentials`, {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from("cli-client:cli-secret").toString("base64")}`,
        },
      });
      const { access_token } = (await token.json()) as { access_token: string };
      const page = await fetch(`${url}/api/2.0/alarms`, {
        headers: { Authorization: `Bearer ${access_token}` },
      });
      expect(((await page.json()) as { page: { totalElements: number } }).page.totalElements).toBe(
        42,
      );
      expect((await fetch(`${url}/_sim/reset`, { method: "POST" })).status).toBe(200);

      child.kill(signal);
      const [code] = await once(child, "exit");
      expect(code).toBe(0);
      expect(stdout()).toBe(`USM simulator listening on ${url}\n`);
    },
  );

  it.each([
    ["--alarms", "many"],
    ["--live", "fast"],
    ["--live", "-1"],
    ["--late-share", "1.5"],
    ["--status-changes", "often"],
  ])("rejects %s %s with exit code 2 and the usage", async (flag, value) => {
    const { child } = run([flag, value]);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, "exit");
    expect(code).toBe(2);
    expect(stderr).toContain(flag);
    expect(stderr).toContain("--live <n>");
  });

  it("comes alive with --live: alarms arrive from the anchor on, none late with --late-share 0", async () => {
    // Anchored ten minutes back, the simulator has had ten minutes of arrivals by the first call.
    const anchor = Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000;
    const args = ["--port", "0", "--alarms", "42", "--seed", "3", "--anchor", String(anchor)];
    const { child, ready } = run([...args, "--live", "600", "--late-share", "0"]);
    try {
      const url = await ready;
      const page = await getAlarms(url, `?size=1000&timestamp_occured_gte=${anchor + 1}`);
      // About 600 a minute, each received within a minute of occurring.
      expect(page.page.totalElements).toBeGreaterThan(4000);
      for (const alarm of page._embedded.alarms) {
        const delay = Number(alarm.timestamp_received) - Number(alarm.timestamp_occured);
        expect(delay).toBeLessThanOrEqual(60_000);
      }
      // The generated alarms stay as they were: all before the anchor.
      const generated = await getAlarms(url, `?size=1&timestamp_occured_lte=${anchor}`);
      expect(generated.page.totalElements).toBe(42);
    } finally {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  });

  it("changes statuses with --status-changes, and adds no alarm without --live", async () => {
    const anchor = Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000;
    const args = ["--port", "0", "--alarms", "42", "--seed", "3", "--anchor", String(anchor)];
    const { child, ready } = run([...args, "--status-changes", "600"]);
    try {
      const url = await ready;
      // Thousands of changes on 42 alarms: everything with a status has been closed.
      expect((await getAlarms(url, "?size=1")).page.totalElements).toBe(42);
      expect((await getAlarms(url, "?size=1&status=open,in_review")).page.totalElements).toBe(0);
      expect((await getAlarms(url, "?size=1&status=closed")).page.totalElements).toBeGreaterThan(
        30,
      );
    } finally {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  });
});
