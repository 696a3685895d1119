// The inline script that applies the stored table preferences before the first paint (server).

import { headers } from "next/headers";
import { nonceOf } from "@/lib/shared/auth/content-security-policy";
import { APPLY_STORED_VIEW_SCRIPT } from "./view-preferences";

/**
 * Applies the analyst's stored table preferences to <html> while the page is still being
 * parsed (see view-preferences.ts). A server component in the alarms layout: it renders once
 * per full page load, ahead of the list, and carries the request's CSP nonce (proxy.ts).
 */
export async function StoredViewScript() {
  const nonce = nonceOf((await headers()).get("content-security-policy"));
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: APPLY_STORED_VIEW_SCRIPT }} />;
}
