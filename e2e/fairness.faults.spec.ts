import { expect, test } from "./support/fixtures";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { e2e } from "./support/env";
import { sessionCookie, signedInClient } from "./support/sign-in";

// One analyst cannot starve the others: a flood of distinct pages (each an upstream call) gets
// our 429 with Retry-After for its excess, and a colleague asking meanwhile is answered. In the
// faults project: it spends the shared simulator's budget on purpose. Statuses are asserted,
// never times.

// Node's fetch, not Playwright's request context: the latter sends at most 50 requests at a
// time to one host, and a flood must arrive at once.
async function get(path: string, cookie: string) {
  const response = await fetch(`${e2e.appUrl}${path}`, { headers: { Cookie: cookie } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

test("one analyst's flood gets 429s for its excess while a colleague is answered", async ({
  playwright,
}) => {
  const [flooder, colleague] = await Promise.all(
    ["analyst", "local.analyst"].map(async (username) => {
      const password = username === "analyst" ? e2e.demoPassword : e2e.localPassword;
      const context = await signedInClient(playwright.request, username, password);
      const cookie = await sessionCookie(context);
      await context.dispose();
      return cookie;
    }),
  );

  const flood = Promise.all(
    Array.from({ length: 300 }, (_, n) =>
      get(`/api/d/acme/alarms?page=${n}&size=10&sort=priority,desc`, flooder!),
    ),
  );
  const asked = Promise.all(
    [0, 1, 2, 3].map((n) => get(`/api/d/acme/alarms?page=${n}&size=20&status=open`, colleague!)),
  );
  const [flooded, answered] = await Promise.all([flood, asked]);

  expect(answered.map((response) => response.status)).toEqual([200, 200, 200, 200]);
  const statuses = new Set(flooded.map((response) => response.status));
  expect([...statuses].sort()).toEqual([200, 429]);
  const refused = flooded.filter((response) => response.status === 429);
  expect(refused.length).toBeGreaterThan(100);
  for (const response of refused) {
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(parseErrorBody(JSON.parse(response.body))?.error.code).toBe("rate_limited");
  }
});
