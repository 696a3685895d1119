import "server-only";
import { z } from "zod";
import { verifyLocalAccount, type LocalAccountConfig } from "./local-accounts";
import { throttledErrorCode } from "./sign-in-errors";
import { clientAddress, SignInThrottle } from "./throttle";

// The username/password check behind next-auth's credentials provider: throttle first, then one
// bcrypt comparison. A wrong password and an unknown user look the same to the caller.

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

/** Thrown when throttled; next-auth passes the message on to the sign-in page as ?error=. */
export class SignInThrottledError extends Error {
  override name = "SignInThrottledError";
  constructor(readonly retryAfterSeconds: number) {
    super(throttledErrorCode(retryAfterSeconds));
  }
}

export async function authorizeCredentials(
  credentials: unknown,
  headers: Record<string, unknown> | undefined,
  deps: { accounts: LocalAccountConfig; throttle: SignInThrottle },
): Promise<SignedInUser | null> {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const { username, password } = parsed.data;
  const subject = { username, address: clientAddress(headers) };

  const wait = await deps.throttle.retryAfterSeconds(subject);
  if (wait > 0) throw new SignInThrottledError(wait);

  const account = await verifyLocalAccount(username, password, deps.accounts);
  if (!account) {
    await deps.throttle.recordFailure(subject);
    return null;
  }
  await deps.throttle.recordSuccess(subject);
  return { id: `local:${account}`, name: account, email: null };
}
