// For route tests that call a route file as Next would: the session cookie of a signed-in
// analyst, with a session registered in the console's own registry (so revocation applies).
import { encode } from "next-auth/jwt";
import { sessionRegistry } from "@/lib/server/auth/session-token";
import { serverEnv } from "@/lib/server/env";

export async function sessionCookie(
  user: string,
  name = user,
): Promise<{ name: string; value: string }> {
  const { auth } = serverEnv();
  const { sid } = await sessionRegistry(auth).create(user);
  const value = await encode({ token: { sub: user, name, email: null, sid }, secret: auth.secret });
  return { name: "next-auth.session-token", value };
}
