import type { Analyst } from "@/lib/server/auth/session";

// Analysts as the session check names them, for tests of who may see what.

/** A local account (`local:<name>`) unless `more` says single sign-on. */
export function testAnalyst(id: string, more: Partial<Analyst> = {}): Analyst {
  return {
    id,
    name: id,
    email: null,
    sid: "s",
    groups: [],
    sso: false,
    emailVerified: false,
    ...more,
  };
}

/** An SSO analyst whose provider vouched for the address and put them in `groups`. */
export function ssoAnalyst(email: string, groups: string[]): Analyst {
  return testAnalyst(`sso:${email}`, { email, groups, sso: true, emailVerified: true });
}
