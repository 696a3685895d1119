import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterAll, expect, it, vi } from "vitest";
import { api } from "@/lib/shared/alarms/paths";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { acmeSimulator } from "@/test/deployments-env";
import { sessionCookie } from "@/test/session-cookie";
import { GET } from "./route";

// The pivots route of a process that cannot have the index (its directory is held by another
// process): 503 index_unavailable saying why, in our error shape, not a 500; which directory
// and which process, only in the operator's log.

const cookies = vi.hoisted(() => ({ jar: [] as { name: string; value: string }[] }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => cookies.jar }) }));

const dir = mkdtempSync(join(tmpdir(), "pivots-held-"));
const CREDS = { id: "route-pivots-held", secret: "route-pivots-held-secret-1f0a" };
acmeSimulator(CREDS, { alarms: 10 }, { env: { INDEX_DIR: dir } });
// The lock file of another console holding the directory (the test runner, our parent, stands
// for it: a live process that is not this one).
writeFileSync(join(dir, "console.lock"), `${process.ppid}\n`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("answers 503 index_unavailable when the index directory is held, naming the holder in the log only", async () => {
  cookies.jar = [await sessionCookie("local:route.analyst")];
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const uuid = "3f2a9c1e-0000-4000-8000-00000000a11c";
  const response = await GET(
    new NextRequest(`http://console.test${api.pivots("acme", uuid, "?user=alice")}`),
    { params: Promise.resolve({ deployment: "acme", uuid }) },
  );
  expect(response.status).toBe(503);
  const error = parseErrorBody(await response.json())?.error;
  expect(error?.code).toBe("index_unavailable");
  expect(error?.message).toContain("in use by another console process");
  // The directory and the holder are the operator's to know, not the analyst's.
  expect(error?.message).not.toContain(dir);
  expect(error?.message).not.toContain(String(process.ppid));
  const logged = warn.mock.calls.map((call) => String(call[0])).join("\n");
  expect(logged).toContain(`${dir} is in use by process ${process.ppid}`);
  warn.mockRestore();
});
