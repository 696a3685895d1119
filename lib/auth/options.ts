import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { serverEnv } from "@/lib/env";

// Interim: the demo account only. The sign-in work (local accounts, SSO, throttling) replaces this.
export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      id: "credentials",
      name: "Account",
      credentials: {
        username: { label: "Username" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials) {
        const { demoPassword } = serverEnv().auth;
        if (
          demoPassword &&
          credentials?.username === "analyst" &&
          credentials.password === demoPassword
        ) {
          return { id: "analyst", name: "analyst" };
        }
        return null;
      },
    }),
  ],
};
