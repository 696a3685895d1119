import "server-only";
import type { Analyst } from "@/lib/server/auth/session";

// Who may see a deployment. An entry without `analysts` and `groups` admits every analyst; with
// either, an analyst named in `analysts` (a local username, or the e-mail address single sign-on
// gave) or in one of its `groups` (single sign-on, as the provider said at sign-in).

export interface AccessRule {
  analysts: readonly string[];
  groups: readonly string[];
}

const LOCAL_PREFIX = "local:";

/** The names `analysts` may list for this analyst: the local username, or the SSO e-mail. */
function namesOf(analyst: Analyst): string[] {
  const names: string[] = [];
  // The provider decides, not the id's look: an identity provider could name a subject "local:x".
  if (analyst.sso) {
    // An address the provider did not vouch for could be anyone's; and one without an @ would
    // pass for a local username.
    if (analyst.email?.includes("@") && analyst.emailVerified) {
      names.push(analyst.email.toLowerCase());
    }
  } else if (analyst.id.startsWith(LOCAL_PREFIX)) {
    names.push(analyst.id.slice(LOCAL_PREFIX.length).toLowerCase());
  }
  return names;
}

export function mayAccess(rule: AccessRule, analyst: Analyst): boolean {
  if (rule.analysts.length === 0 && rule.groups.length === 0) return true;
  const names = namesOf(analyst);
  if (rule.analysts.some((name) => names.includes(name.toLowerCase()))) return true;
  return analyst.sso && rule.groups.some((group) => analyst.groups.includes(group));
}
