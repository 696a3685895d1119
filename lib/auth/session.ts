import "server-only";
import { getServerSession } from "next-auth";
import { authOptions } from "./options";

export interface Analyst {
  name: string;
  email: string | null;
}

/** The signed-in analyst of this request, or null. */
export async function getAnalyst(): Promise<Analyst | null> {
  const session = await getServerSession(authOptions());
  const user = session?.user;
  if (!user) return null;
  const name = user.name ?? user.email;
  if (!name) return null;
  return { name, email: user.email ?? null };
}
