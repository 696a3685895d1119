import { describe, expect, it } from "vitest";
import { decideOidcAccess, type OidcConfig } from "./oidc";

const base: OidcConfig = {
  issuer: "https://idp.example.com",
  clientId: "console",
  clientSecret: "secret",
  name: "SSO",
  allowedDomains: [],
  groupsClaim: "groups",
  allowedGroups: [],
};

describe("decideOidcAccess", () => {
  it("lets everyone the identity provider sends in when no rule is set", () => {
    expect(decideOidcAccess({ sub: "1" }, base)).toEqual({ allowed: true });
  });

  it("checks the email domain exactly (no suffix tricks) and refuses unverified addresses", () => {
    const config = { ...base, allowedDomains: ["example.com"] };
    expect(decideOidcAccess({ email: "Ann@Example.com" }, config)).toEqual({ allowed: true });
    for (const email of [
      "ann@evil-example.com",
      "ann@example.com.evil.io",
      "ann@sub.example.com",
      "example.com",
      "",
    ]) {
      expect(decideOidcAccess({ email }, config)).toEqual({ allowed: false, reason: "domain" });
    }
    expect(decideOidcAccess({}, config)).toEqual({ allowed: false, reason: "domain" });
    expect(decideOidcAccess({ email: "ann@example.com", email_verified: false }, config)).toEqual({
      allowed: false,
      reason: "domain",
    });
  });

  it("checks membership of an allowed group in the configured claim", () => {
    const config = { ...base, groupsClaim: "roles", allowedGroups: ["soc", "ir"] };
    expect(decideOidcAccess({ roles: ["staff", "ir"] }, config)).toEqual({ allowed: true });
    expect(decideOidcAccess({ roles: "staff soc" }, config)).toEqual({ allowed: true });
    expect(decideOidcAccess({ roles: ["staff"] }, config)).toEqual({
      allowed: false,
      reason: "group",
    });
    expect(decideOidcAccess({ groups: ["soc"] }, config)).toEqual({
      allowed: false,
      reason: "group",
    });
    expect(decideOidcAccess({ roles: ["SOC"] }, config)).toEqual({
      allowed: false,
      reason: "group",
    });
  });

  it("requires both rules when both are set", () => {
    const config = { ...base, allowedDomains: ["example.com"], allowedGroups: ["soc"] };
    expect(decideOidcAccess({ email: "a@example.com", groups: ["soc"] }, config).allowed).toBe(
      true,
    );
    expect(decideOidcAccess({ email: "a@example.com", groups: ["it"] }, config).allowed).toBe(
      false,
    );
    expect(decideOidcAccess({ email: "a@other.org", groups: ["soc"] }, config).allowed).toBe(false);
  });
});
