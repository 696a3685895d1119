// The inline script that shows the analyst's theme before the first paint (server).

import { headers } from "next/headers";
import { nonceOf } from "@/lib/shared/auth/content-security-policy";
import { APPLY_STORED_THEME_SCRIPT } from "./theme";

/**
 * In the root layout's <head>: every page, the sign-in page too, is painted in the analyst's
 * theme from the start. It carries the request's CSP nonce (proxy.ts), as Next's own scripts do.
 */
export async function ThemeScript() {
  const nonce = nonceOf((await headers()).get("content-security-policy"));
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: APPLY_STORED_THEME_SCRIPT }} />;
}
