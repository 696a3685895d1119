import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from ".";

// USM_DEPLOYMENTS / USM_DEPLOYMENTS_FILE, as an operator writes them: what start-up accepts, and
// the message that names the entry and the field when it does not.

const SECRET = { NEXTAUTH_SECRET: "a-long-enough-session-secret" };

const acme = {
  key: "acme",
  name: "Acme",
  kind: "anywhere",
  baseUrl: "https://acme.alienvault.cloud/",
  clientId: "acme-client",
  clientSecret: "acme-secret",
};
const globex = {
  key: "globex",
  name: "Globex",
  kind: "central",
  baseUrl: "https://globex.alienvault.cloud",
  clientId: "globex-client",
  clientSecretEnv: "GLOBEX_SECRET",
  getPerSecond: 40,
  groups: ["globex-soc"],
};

function problems(env: Record<string, string | undefined>): string {
  try {
    parseEnv({ ...SECRET, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("the environment was accepted");
}

const inline = (entries: unknown) => ({ USM_DEPLOYMENTS: JSON.stringify(entries) });

describe("several deployments", () => {
  it("reads each entry with its defaults, a secret from another variable and its access rule", () => {
    const env = parseEnv({
      ...SECRET,
      ...inline([acme, globex]),
      GLOBEX_SECRET: "from-the-vault",
      USM_TIMEOUT_MS: "4000",
    });
    expect(env.deployments).toEqual([
      {
        key: "acme",
        name: "Acme",
        kind: "anywhere",
        baseUrl: "https://acme.alienvault.cloud",
        clientId: "acme-client",
        clientSecret: "acme-secret",
        timeoutMs: 4000,
        getPerSecond: 100,
        postPerSecond: 50,
        analysts: [],
        groups: [],
        labels: {},
      },
      expect.objectContaining({
        key: "globex",
        kind: "central",
        clientSecret: "from-the-vault",
        getPerSecond: 40,
        groups: ["globex-soc"],
      }),
    ]);
    expect(env.auth.accessGroups).toEqual(["globex-soc"]);
  });

  it("reads the USM label each verdict writes back, lower-cased; a verdict left out writes none", () => {
    const labels = {
      false_positive: "2F0C3C9E-8A57-4A43-9B1E-0D6B1C1B7A10",
      true_positive: "9b1e0d6b-1c1b-4a10-8a57-2f0c3c9e4a43",
    };
    const env = parseEnv({ ...SECRET, ...inline([{ ...acme, labels }]) });
    expect(env.deployments[0]?.labels).toEqual({
      false_positive: "2f0c3c9e-8a57-4a43-9b1e-0d6b1c1b7a10",
      true_positive: "9b1e0d6b-1c1b-4a10-8a57-2f0c3c9e4a43",
    });
  });

  it("reads the same array from a file", () => {
    const dir = mkdtempSync(join(tmpdir(), "deployments-"));
    const file = join(dir, "deployments.json");
    writeFileSync(file, JSON.stringify([acme]));
    expect(parseEnv({ ...SECRET, USM_DEPLOYMENTS_FILE: file }).deployments[0]?.key).toBe("acme");
    expect(problems({ USM_DEPLOYMENTS_FILE: join(dir, "missing.json") })).toMatch(
      /USM_DEPLOYMENTS_FILE names .*missing\.json, which cannot be read \(ENOENT\)/,
    );
  });

  it.each([
    [{ ...acme, key: "Acme Corp" }, /entry \[0\] \(Acme Corp\) field key must be a URL slug/],
    [{ ...acme, key: "all" }, /entry \[0\] \(all\) field key must not be "all"/],
    [{ ...acme, kind: "cloud" }, /entry \[0\] \(acme\) field kind must be "anywhere" or "central"/],
    [{ ...acme, kind: undefined }, /entry \[0\] \(acme\) field kind is required$/m],
    [{ ...acme, name: undefined }, /entry \[0\] \(acme\) field name is required$/m],
    [{ ...acme, name: 42 }, /entry \[0\] \(acme\) field name must be text$/m],
    [{ ...acme, baseUrl: undefined }, /entry \[0\] \(acme\) field baseUrl is required$/m],
    [{ ...acme, baseUrl: "acme" }, /field baseUrl must be a URL such as https:\/\/tenant/],
    [{ ...acme, baseUrl: "http://acme.example" }, /field baseUrl must use https:\/\//],
    [{ ...acme, clientSecret: undefined }, /field clientSecret is required \(or clientSecretEnv/],
    [{ ...acme, clientSecretEnv: "NOPE" }, /clientSecret and clientSecretEnv are both set/],
    [{ ...acme, getPerSecond: 0 }, /field getPerSecond must be a whole number, 1 or more$/m],
    [{ ...acme, postPerSecond: 2.5 }, /field postPerSecond must be a whole number, 1 or more$/m],
    [
      { ...acme, clientSecret: undefined, clientSecretEnv: "NEXTAUTH_SECRET" },
      /field clientSecretEnv names NEXTAUTH_SECRET, one of the console's own variables/,
    ],
    [{ ...acme, timeoutMs: 120_001 }, /field timeoutMs must be a whole number from 1 to 120000$/m],
    [{ ...acme, timeoutMs: "4000" }, /field timeoutMs must be a whole number from 1 to 120000$/m],
    [{ ...acme, analysts: "alice" }, /field analysts must be a list of usernames/],
    [{ ...acme, colour: "red" }, /entry \[0\] \(acme\) /],
    [
      { ...acme, labels: { false_positive: "FP" } },
      /field labels\.false_positive must be a USM label id \(a uuid\)$/m,
    ],
    [
      { ...acme, labels: { closed: "2f0c3c9e-8a57-4a43-9b1e-0d6b1c1b7a10" } },
      /field labels may name only the verdicts true_positive, false_positive, benign, duplicate \(not closed\)$/m,
    ],
    [{ ...acme, labels: ["x"] }, /field labels must be an object of verdicts and USM label ids$/m],
  ])("stops start-up naming the entry and the field: %j", (entry, message) => {
    expect(problems(inline([entry]))).toMatch(message);
  });

  it("names the second entry of two, and a missing secret variable", () => {
    expect(problems({ ...inline([acme, globex]) })).toMatch(
      /USM_DEPLOYMENTS entry \[1\] \(globex\) field clientSecretEnv names GLOBEX_SECRET, which is not set/,
    );
  });

  it("refuses repeated keys, an empty list, JSON that is not a list, and both variables", () => {
    expect(problems(inline([acme, { ...acme, name: "Acme again" }]))).toMatch(
      /entry \[1\] \(acme\) field key repeats "acme"/,
    );
    expect(problems(inline([]))).toMatch(/USM_DEPLOYMENTS must name at least one deployment/);
    expect(problems({ USM_DEPLOYMENTS: "{not json" })).toMatch(/must hold a JSON array/);
    expect(problems({ ...inline([acme]), USM_DEPLOYMENTS_FILE: "/x.json" })).toMatch(
      /USM_DEPLOYMENTS and USM_DEPLOYMENTS_FILE are both set/,
    );
  });

  it("refuses the single-deployment variables beside the list", () => {
    expect(problems({ ...inline([acme]), USM_BASE_URL: "https://other.alienvault.cloud" })).toMatch(
      /USM_BASE_URL is set together with USM_DEPLOYMENTS/,
    );
  });

  it("allows the simulator flag only when every deployment is on loopback", () => {
    const local = { ...acme, baseUrl: "http://127.0.0.1:4010" };
    expect(parseEnv({ ...SECRET, ...inline([local]), USM_SIMULATOR: "1" }).usm.simulator).toBe(
      true,
    );
    expect(
      problems({ ...inline([local, globex]), GLOBEX_SECRET: "s", USM_SIMULATOR: "1" }),
    ).toMatch(
      /USM_SIMULATOR may be 1 only when every deployment is on a loopback address \(globex is not\)/,
    );
  });
});
