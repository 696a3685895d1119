// GET|POST /api/auth/* - next-auth's sign-in, callback, session and sign-out endpoints
import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

// The options are read per request, not at import: `next build` loads this module without the env.
function handler(request: NextRequest, context: Context): Promise<Response> {
  return NextAuth(request, context, authOptions());
}

export { handler as GET, handler as POST };
