import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import bcrypt from "bcryptjs";

// Local accounts (AUTH_LOCAL_USERS, bcrypt hashes) and the simulator's demo account. Every
// attempt costs one bcrypt comparison, whether the account exists or not, so the time taken does
// not tell an attacker which usernames exist.

const DEMO_USERNAME = "analyst";

/** A cost-12 hash of a random string nobody knows: compared against when the user is unknown. */
const DUMMY_HASH = "$2b$12$tfdxKNyx1JQmJDW9sbbgd.hCOFCCtFsmT4GnVC11re/hvQqBOE7wa";

export interface LocalAccountConfig {
  localUsers: readonly { username: string; passwordHash: string }[];
  /** Set only on the embedded simulator: the demo account `analyst` uses it. */
  demoPassword: string | undefined;
}

/** Returns the account's username when the password is right, null otherwise. */
export async function verifyLocalAccount(
  username: string,
  password: string,
  config: LocalAccountConfig,
): Promise<string | null> {
  const account = config.localUsers.find((user) => user.username === username);
  if (account) {
    return (await bcrypt.compare(password, account.passwordHash)) ? account.username : null;
  }
  // Unknown users and the demo account pay for one bcrypt comparison too.
  const burned = bcrypt.compare(password, DUMMY_HASH);
  const isDemo =
    username === DEMO_USERNAME &&
    config.demoPassword !== undefined &&
    sameSecret(password, config.demoPassword);
  await burned;
  return isDemo ? DEMO_USERNAME : null;
}

/** Constant-time comparison of two strings of any length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}
