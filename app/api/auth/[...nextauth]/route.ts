// GET|POST /api/auth/* - next-auth's sign-in, callback, session and sign-out endpoints; a
// sign-out first revokes the session in the shared store (lib/server/api/session-routes.ts)
import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { revokeBeforeSignOut } from "@/lib/server/api/session-routes";
import { authOptions } from "@/lib/server/auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

// The options are read per request, not at import: `next build` loads this module without the env.
async function handler(request: NextRequest, context: Context): Promise<Response> {
  const { nextauth } = await context.params;
  if (request.method === "POST" && nextauth.join("/") === "signout") {
    const refused = await revokeBeforeSignOut(request);
    if (refused) return refused;
  }
  return NextAuth(request, context, authOptions());
}

export { handler as GET, handler as POST };
