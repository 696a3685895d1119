// What an analyst feels: a production build in real Chromium, signed in, against the simulator
// with a realistic upstream latency. Time from navigation to a rendered alarm table (p50 over
// distinct pages, so the server's cache never answers), page to page in the browser, opening an
// alarm, and the gzipped first-load JavaScript of /alarms.
// Run standalone with `npx tsx bench/ui-bench.ts`.
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "@playwright/test";
import { fillAndSubmitSignIn } from "../e2e/support/sign-in";
import { BENCH_DIST_DIR, ROOT, startBenchApp } from "./bench-app";
import { firstLoadSummary, measureAgainstFloor } from "./first-load-js";
import { percentile } from "./stats";

const ALARMS = 5000;
const LATENCY_MS = 50;
const RUNS = 10;
const SIZE = 20;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const table = (page: Page) => page.getByRole("table", { name: "Alarms" });
const firstRowId = (page: Page): Promise<string | null> =>
  table(page).locator("tbody tr").first().getAttribute("data-alarm-row");

async function signIn(page: Page, url: string, password: string): Promise<void> {
  await page.goto(`${url}/signin`);
  await fillAndSubmitSignIn(page, "analyst", password);
  await page.waitForURL((target) => target.pathname === "/");
}

/**
 * Clicks, then returns the ms measured inside the page from the click event to the next
 * animation frame after the DOM shows the result (a MutationObserver set up before the click),
 * so Playwright's own round trips are not counted.
 * "rows": a full page of rows of a new view (first row changed, table not busy);
 * "detail": the alarm detail's title.
 */
async function clickUntil(
  page: Page,
  click: () => Promise<void>,
  until: "rows" | "detail",
  previousFirst: string | null = null,
): Promise<number> {
  await page.evaluate(
    ({ kind, previous, size }) => {
      const shown = () => {
        if (kind === "detail") return document.getElementById("alarm-title") !== null;
        const t = document.querySelector('table[aria-label="Alarms"]');
        const rows = t ? t.querySelectorAll("tbody tr") : [];
        return (
          t?.getAttribute("aria-busy") === "false" &&
          rows.length === size &&
          rows[0]?.getAttribute("data-alarm-row") !== previous
        );
      };
      (window as unknown as { shownAfter?: Promise<number> }).shownAfter = new Promise(
        (resolveShown) => {
          let clickedAt: number | undefined;
          document.addEventListener("click", () => (clickedAt = performance.now()), {
            capture: true,
            once: true,
          });
          const observer = new MutationObserver(() => {
            if (clickedAt === undefined || !shown()) return;
            observer.disconnect();
            const at = clickedAt;
            requestAnimationFrame(() => resolveShown(performance.now() - at));
          });
          observer.observe(document, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
          });
        },
      );
    },
    { kind: until, previous: previousFirst, size: SIZE },
  );
  await click();
  return page.evaluate(() => (window as unknown as { shownAfter: Promise<number> }).shownAfter);
}

export async function benchUi(): Promise<void> {
  const app = await startBenchApp({ alarms: ALARMS, latencyMs: LATENCY_MS });
  const browser = await chromium.launch(existsSync(CHROMIUM) ? { executablePath: CHROMIUM } : {});
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // tsx keeps function names with an `__name` helper that page.evaluate's functions carry
    // into the page: give pages a harmless one.
    await context.addInitScript("window.__name = (fn) => fn;");
    // When React has hydrated the list: the page marks its root with data-hydrated.
    await context.addInitScript(() => {
      const w = window as unknown as { hydratedAt?: number };
      new MutationObserver((_records, observer) => {
        if (document.querySelector("[data-hydrated]")) {
          w.hydratedAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    const page = await context.newPage();
    await signIn(page, app.url, app.demoPassword);
    console.log(
      `simulator: ${ALARMS} alarms, ${LATENCY_MS} ms upstream latency; app: next start ` +
        `(.next-bench); Chromium ${browser.version()}; ${cpus().length} cores, ` +
        `load average ${loadavg()[0]!.toFixed(1)}`,
    );
    // Warm-up: token, server JIT, browser caches of the JS (as for an analyst's second visit).
    for (let i = 0; i < 3; i++) {
      await page.goto(`${app.url}/d/default/alarms?page=${200 + i}`);
      await page.locator("[data-hydrated]").waitFor();
    }

    // Full loads of distinct pages: the server renders the rows into the HTML (cold server
    // cache), so the first contentful paint shows the table; then React hydrates it.
    const painted: number[] = [];
    const interactive: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${app.url}/d/default/alarms?page=${10 + i}`);
      await page.locator("[data-hydrated]").waitFor();
      const timing = await page.evaluate(() => ({
        rows: document.querySelectorAll('table[aria-label="Alarms"] tbody tr').length,
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      }));
      if (timing.rows !== SIZE) throw new Error(`page ${10 + i} rendered ${timing.rows} rows`);
      painted.push(timing.fcp);
      interactive.push(
        await page.evaluate(() => (window as unknown as { hydratedAt?: number }).hydratedAt ?? NaN),
      );
    }

    // Next page in the browser: the next page was prefetched while the analyst read this one.
    const nextPage: number[] = [];
    await page.goto(`${app.url}/d/default/alarms?page=40`);
    await page.locator("[data-hydrated]").waitFor();
    for (let i = 0; i < RUNS; i++) {
      await page.waitForLoadState("networkidle");
      const previous = await firstRowId(page);
      const next = page.getByRole("button", { name: "Next page" });
      nextPage.push(await clickUntil(page, () => next.click(), "rows", previous));
    }

    // A view nobody prefetched (a new sort): the browser asks /api and renders.
    const fetched: number[] = [];
    const sorts = ["Priority", "Status", "Strategy", "Method", "Intent", "Received"];
    for (let i = 0; i < RUNS; i++) {
      await page.waitForLoadState("networkidle");
      const previous = await firstRowId(page);
      const button = table(page).getByRole("button", {
        name: sorts[i % sorts.length],
        exact: true,
      });
      fetched.push(await clickUntil(page, () => button.click(), "rows", previous));
    }

    // Opening an alarm after resting the pointer on its row (which prefetches it).
    const opened: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${app.url}/d/default/alarms?page=${60 + i}`);
      await page.locator("[data-hydrated]").waitFor();
      const link = table(page).locator("tbody tr").nth(i).getByRole("link");
      await link.hover();
      await page.waitForLoadState("networkidle");
      opened.push(await clickUntil(page, () => link.click(), "detail"));
    }

    // First-load JavaScript of a deployment's list against the framework floor: every script a
    // fresh browser loads, gzipped here (the lighthouse bench prints the same figures with what
    // they are made of).
    const js = await measureAgainstFloor({
      browser,
      appUrl: app.url,
      path: "/d/default/alarms",
      context: { storageState: await context.storageState() },
      hydratedSelector: "[data-hydrated]",
      distDir: join(ROOT, BENCH_DIST_DIR),
    });

    const rows: [string, number[]][] = [
      ["full load -> first paint, rows in it (FCP)", painted],
      ["full load -> interactive (hydrated)", interactive],
      ["click Next (prefetched) -> new rows painted", nextPage],
      ["click a sort (fetched via /api) -> new rows painted", fetched],
      ["hover a row, click -> alarm detail painted", opened],
    ];
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`\n${"".padEnd(width)}  ${"p50 ms".padStart(8)}  ${"p90 ms".padStart(8)}  runs`);
    for (const [name, times] of rows) {
      console.log(
        `${name.padEnd(width)}  ${percentile(times, 50).toFixed(0).padStart(8)}  ` +
          `${percentile(times, 90).toFixed(0).padStart(8)}  ${String(times.length).padStart(4)}`,
      );
    }
    console.log(`\n${firstLoadSummary(js)}`);
  } finally {
    await browser.close();
    await app.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await benchUi();
}
