import { describe, expect, it } from "vitest";
import { ssoAnalyst, testAnalyst } from "@/test/analyst";
import type { DeploymentConfig } from "@/lib/server/env/deployments";
import { ApiError } from "@/lib/shared/core/errors";
import { type UsmClient } from "@/lib/server/usm";
import { mayAccess } from "./access";
import { DeploymentRegistry } from "./registry";

// Who sees which deployment: local accounts by username, single sign-on by e-mail or group; an
// entry without a rule is everyone's. What the registry answers for the others is what it
// answers for a key that names nothing.

const analyst = testAnalyst;

const alice = analyst("local:alice");
const bob = analyst("local:bob");
const sso = ssoAnalyst("Sasha@Example.com", ["soc"]);
const ssoIt = analyst("sso-subject-2", { email: "casey@example.com", groups: ["it"], sso: true });

const config = (key: string, rule: Partial<DeploymentConfig> = {}): DeploymentConfig => ({
  key,
  name: key.toUpperCase(),
  kind: "anywhere",
  baseUrl: "https://x.example",
  clientId: "id",
  clientSecret: "secret",
  timeoutMs: 1000,
  getPerSecond: 100,
  postPerSecond: 50,
  analysts: [],
  groups: [],
  labels: {},
  ...rule,
});

describe("mayAccess", () => {
  it("admits everyone when the entry names nobody", () => {
    for (const who of [alice, bob, sso]) expect(mayAccess(config("open"), who)).toBe(true);
  });

  it("admits local accounts by username and SSO analysts by e-mail, in any case", () => {
    const rule = config("named", { analysts: ["Alice", "sasha@example.com"] });
    expect(mayAccess(rule, alice)).toBe(true);
    expect(mayAccess(rule, sso)).toBe(true);
    expect(mayAccess(rule, bob)).toBe(false);
    // An SSO subject that looks like a local id is not that local account.
    expect(mayAccess(rule, analyst("local:alice", { sso: true }))).toBe(false);
    // Nor is an SSO address the provider did not verify, or one without an @.
    expect(mayAccess(rule, { ...sso, emailVerified: false })).toBe(false);
    const bare = config("bare", { analysts: ["alice"] });
    expect(mayAccess(bare, analyst("x", { sso: true, email: "alice", emailVerified: true }))).toBe(
      false,
    );
  });

  it("admits SSO analysts by group, and never a local account by a group", () => {
    const rule = config("grouped", { groups: ["soc"] });
    expect(mayAccess(rule, sso)).toBe(true);
    expect(mayAccess(rule, ssoIt)).toBe(false);
    expect(mayAccess(rule, alice)).toBe(false);
  });
});

describe("DeploymentRegistry", () => {
  const made: string[] = [];
  const registry = new DeploymentRegistry(
    [
      config("acme"),
      config("globex", { groups: ["soc"] }),
      config("initech", { analysts: ["bob"] }),
    ],
    (deployment) => {
      made.push(deployment.key);
      return { deployment: deployment.key } as unknown as UsmClient;
    },
  );

  it("lists what each analyst may see, in the configured order, defaulting to the first", () => {
    expect(registry.visibleTo(alice).map((d) => d.key)).toEqual(["acme"]);
    expect(registry.visibleTo(bob).map((d) => d.key)).toEqual(["acme", "initech"]);
    expect(registry.visibleTo(sso).map((d) => d.key)).toEqual(["acme", "globex"]);
    expect(registry.defaultFor(bob)?.key).toBe("acme");
  });

  it("answers not_found alike for another's deployment and for none", () => {
    const refusal = (key: string) => {
      try {
        registry.get(key, alice);
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
        return (error as ApiError).toBody();
      }
      throw new Error(`${key} was given`);
    };
    expect(refusal("initech")).toEqual(refusal("nowhere"));
    expect(refusal("initech").error.code).toBe("not_found");
  });

  it("makes one client per deployment, on first use", () => {
    expect(made).toEqual([]);
    const first = registry.get("acme", alice).client();
    expect(registry.get("acme", bob).client()).toBe(first);
    expect(made).toEqual(["acme"]);
  });
});
