import "server-only";
import { cookies } from "next/headers";
import { serverEnv } from "@/lib/env";
import { analystOfCookies, type Analyst } from "./session-token";

export type { Analyst } from "./session-token";

/** The signed-in analyst of this request (pages, layouts, route handlers), or null. */
export async function getAnalyst(): Promise<Analyst | null> {
  return analystOfCookies(await cookies(), serverEnv().auth);
}
