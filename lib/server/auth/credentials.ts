import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/shared/core/errors";
import { verifyLocalAccount, type LocalAccountConfig } from "./local-accounts";
import { BusyError, CheckQueue } from "./password-checks";
import {
  BUSY_ERROR,
  throttledErrorCode,
  UNAVAILABLE_ERROR,
} from "@/lib/shared/auth/sign-in-errors";
import { clientAddress, SignInThrottle } from "./throttle";

// The username/password check behind next-auth's credentials provider: take a throttle point
// first (atomically, so parallel guesses cannot slip past a count taken before any of them is
// recorded), then one bcrypt comparison. A wrong password and an unknown user look the same to
// the caller, and cost the same points.

const credentialsSchema = z.object({
  username: z.string().trim().min(1).max(128),
  // bcrypt reads 72 bytes; the bound only stops absurd bodies from being hashed.
  password: z.string().min(1).max(1024),
});

export interface SignedInUser {
  id: string;
  name: string;
  email: null;
}

export interface CredentialsConfig extends LocalAccountConfig {
  /** Reverse proxies in front that append X-Forwarded-For (AUTH_TRUSTED_PROXY_HOPS). */
  trustedProxyHops: number;
}

/** Thrown when throttled; next-auth passes the message on to the sign-in page as ?error=. */
export class SignInThrottledError extends Error {
  override name = "SignInThrottledError";
  constructor(readonly retryAfterSeconds: number) {
    super(throttledErrorCode(retryAfterSeconds));
  }
}

/** Thrown when the shared store cannot count the attempt: no uncounted guesses, ever. */
export class SignInUnavailableError extends Error {
  override name = "SignInUnavailableError";
  constructor() {
    super(UNAVAILABLE_ERROR);
  }
}

/** Thrown when too many password checks already wait: the attempt was not counted. */
export class SignInBusyError extends Error {
  override name = "SignInBusyError";
  constructor() {
    super(BUSY_ERROR);
  }
}

/** Two checks at a time (at most two cores' worth), sixteen waiting: the rest are "busy". */
const PASSWORD_CHECKS = new CheckQueue(2, 16);

export async function authorizeCredentials(
  credentials: unknown,
  headers: Record<string, unknown> | undefined,
  deps: { accounts: CredentialsConfig; throttle: SignInThrottle; checks?: CheckQueue },
): Promise<SignedInUser | null> {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const { username, password } = parsed.data;
  const { address, trusted } = clientAddress(headers, deps.accounts.trustedProxyHops);
  const subject = { username, address, addressTrusted: trusted };

  // The attempt counted here stays counted when the password is wrong: nothing to record after.
  const wait = await unlessUnavailable(deps.throttle.attempt(subject));
  if (wait > 0) throw new SignInThrottledError(wait);

  let account: string | null;
  try {
    account = await (deps.checks ?? PASSWORD_CHECKS).run(() =>
      verifyLocalAccount(username, password, deps.accounts),
    );
  } catch (error) {
    if (!(error instanceof BusyError)) throw error;
    // Not checked, so not a failure: the attempt goes back.
    await unlessUnavailable(deps.throttle.giveBack(subject));
    throw new SignInBusyError();
  }
  if (!account) return null;
  await unlessUnavailable(deps.throttle.succeeded(subject));
  return { id: `local:${account}`, name: account, email: null };
}

async function unlessUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ApiError && error.code === "store_unavailable") {
      throw new SignInUnavailableError();
    }
    throw error;
  }
}
