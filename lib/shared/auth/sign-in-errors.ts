// What the sign-in page says for each error next-auth reports (?error=<code>). Client-safe.
// Only known codes are put into words; anything else gets a generic sentence, so a crafted link
// cannot make the page display text of the sender's choosing.

/** The error the credentials check throws when throttled: `Throttled:<seconds>`. */
const THROTTLED_PREFIX = "Throttled:";

const WRONG_CREDENTIALS_MESSAGE = "Wrong username or password.";

/** The error sign-in reports when the shared store cannot be reached. */
export const UNAVAILABLE_ERROR = "Unavailable";

/** The error sign-in reports when too many password checks are already waiting. */
export const BUSY_ERROR = "Busy";

export function throttledErrorCode(retryAfterSeconds: number): string {
  return `${THROTTLED_PREFIX}${Math.max(1, Math.ceil(retryAfterSeconds))}`;
}

/** "45 seconds", "1 minute", "15 minutes". */
export function formatWait(seconds: number): string {
  if (seconds < 60) {
    const whole = Math.max(1, Math.ceil(seconds));
    return `${whole} ${whole === 1 ? "second" : "seconds"}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** The sentence to show for an error code, or null for no error. */
export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  if (code.startsWith(THROTTLED_PREFIX)) {
    const seconds = Number(code.slice(THROTTLED_PREFIX.length));
    const wait = Number.isFinite(seconds) && seconds > 0 ? formatWait(seconds) : "a few minutes";
    return `Too many failed sign-in attempts. Wait ${wait} before trying again.`;
  }
  if (code === BUSY_ERROR) {
    return "Sign-in is busy right now. Try again in a few seconds.";
  }
  if (code === UNAVAILABLE_ERROR) {
    return "Sign-in is unavailable right now: the console cannot reach its shared store. Try again in a minute.";
  }
  switch (code) {
    case "CredentialsSignin":
      return WRONG_CREDENTIALS_MESSAGE;
    case "AccessDenied":
      return "Your single sign-on account is not allowed to use Alarm Console. Ask your administrator to give you access.";
    case "SessionRequired":
      return "Sign in to continue.";
    case "OAuthSignin":
    case "OAuthCallback":
    case "OAuthCreateAccount":
    case "OAuthAccountNotLinked":
    case "Callback":
      return "Single sign-on did not complete. Try again, or ask your administrator if it keeps failing.";
    case "Configuration":
      return "Sign-in is not configured correctly on the server. Ask your administrator.";
    default:
      return "Sign-in failed. Try again.";
  }
}
