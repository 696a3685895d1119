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

  it("rejects a bad flag value with exit code 2", async () => {
    const { child } = run(["--alarms", "many"]);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, "exit");
    expect(code).toBe(2);
    expect(stderr).toContain("--alarms");
  });
});
