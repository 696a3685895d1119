import { expect } from "@playwright/test";
import { e2e } from "./env";

/** A token of the e2e client from a simulator, to read it directly as the upstream it is. */
export async function simulatorToken(baseUrl: string): Promise<string> {
  const basic = Buffer.from(`e2e-client:${e2e.canarySecret}`).toString("base64");
  const token = await fetch(`${baseUrl}/api/2.0/oauth/token?grant_type=client_credentials`, {
    method: "POST",
    headers: { Authorization: `Basic ${basic}` },
  });
  expect(token.status).toBe(200);
  return ((await token.json()) as { access_token: string }).access_token;
}
