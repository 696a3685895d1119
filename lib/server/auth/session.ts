import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { serverEnv } from "@/lib/server/env";
import { analystOfCookies, type Analyst } from "./session-token";

export type { Analyst } from "./session-token";

/**
 * The signed-in analyst of this request (pages, layouts, route handlers), or null. Checked once
 * per rendered request: a page's layout, page and metadata all ask, and each ask is a store read.
 */
export const getAnalyst = cache(async (): Promise<Analyst | null> => {
  return analystOfCookies(await cookies(), serverEnv().auth);
});
