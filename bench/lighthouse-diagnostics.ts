// What a Lighthouse report blames, printed by the Lighthouse bench (./lighthouse-bench.ts): the
// LCP element and its phases, the long tasks and what ran them, the scripts by weight and what
// they leave unused, and the accessibility audits that fail.
import type { Result } from "lighthouse";

type Items = Array<Record<string, unknown>>;
const itemsOf = (lhr: Result, id: string): Items =>
  ((lhr.audits[id]?.details as { items?: Items } | undefined)?.items ?? []) as Items;
const shortUrl = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, "");

/** What Lighthouse blames, from one run's report. */
export function printDiagnostics(lhr: Result): void {
  const audit = (id: string) => lhr.audits[id];
  // The LCP element: a node, somewhere in the audit's details (a list of tables in v12).
  const nodes: Array<{ snippet?: string; selector?: string }> = [];
  JSON.stringify(audit("largest-contentful-paint-element")?.details ?? {}, (_key, value) => {
    if (value && typeof value === "object" && (value as { type?: string }).type === "node") {
      nodes.push(value as { snippet?: string; selector?: string });
    }
    return value;
  });
  const lcpNode = nodes[0];
  console.log(
    `  LCP element: ${lcpNode ? `${lcpNode.selector ?? ""} ${lcpNode.snippet ?? ""}` : "?"}`,
  );
  const phases = JSON.stringify(audit("largest-contentful-paint-element")?.details ?? {}).match(
    /"phase":"[^"]+","timing":[\d.]+/g,
  );
  if (phases) {
    console.log(
      `  LCP phases: ${phases.map((p) => p.replace(/"phase":"([^"]+)","timing":([\d.]+)/, (_m, name, ms) => `${name} ${Math.round(Number(ms))} ms`)).join(", ")}`,
    );
  }
  // Lantern charges the LCP with every script that ran before the LCP paint in the unthrottled
  // trace: an LCP painted well after the FCP (a streamed Suspense boundary revealed late) costs
  // the whole bundle.
  const observed = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> })
    ?.items?.[0];
  if (observed) {
    console.log(
      `  unthrottled trace: FCP ${observed.observedFirstContentfulPaint} ms, LCP ` +
        `${observed.observedLargestContentfulPaint} ms, load ${observed.observedLoad} ms`,
    );
  }
  for (const id of ["server-response-time", "speed-index", "interactive", "max-potential-fid"]) {
    if (audit(id)) console.log(`  ${id}: ${audit(id)!.displayValue ?? audit(id)!.numericValue}`);
  }
  const blocking = itemsOf(lhr, "render-blocking-resources");
  console.log(
    `  render-blocking: ${
      blocking.length === 0
        ? "none"
        : blocking
            .map((item) => `${shortUrl(item.url)} (${Math.round(Number(item.wastedMs))} ms)`)
            .join(", ")
    }`,
  );
  const longTasks = itemsOf(lhr, "long-tasks");
  console.log(
    `  long tasks (simulated ms, start ms): ${
      longTasks
        .slice(0, 6)
        .map(
          (task) =>
            `${Math.round(Number(task.duration))} @${Math.round(Number(task.startTime))} ${shortUrl(task.url)}`,
        )
        .join("; ") || "none"
    }`,
  );
  const bootup = itemsOf(lhr, "bootup-time").slice(0, 5);
  console.log(
    `  JS execution (ms: total / scripting / parse+compile): ${bootup
      .map(
        (item) =>
          `${shortUrl(item.url)} ${Math.round(Number(item.total))}/${Math.round(Number(item.scripting))}/${Math.round(Number(item.scriptParseCompile))}`,
      )
      .join("; ")}`,
  );
  const work = itemsOf(lhr, "mainthread-work-breakdown");
  console.log(
    `  main thread: ${audit("mainthread-work-breakdown")?.displayValue ?? "?"} (${work
      .slice(0, 4)
      .map((item) => `${item.groupLabel} ${Math.round(Number(item.duration))} ms`)
      .join(", ")})`,
  );
  const unused = audit("unused-javascript");
  const unusedItems = itemsOf(lhr, "unused-javascript");
  console.log(
    `  unused JS: ${unused?.displayValue || "none flagged"}${unusedItems
      .map((item) => {
        const sub = (
          (item.subItems as { items?: Items } | undefined)?.items ?? ([] as Items)
        ).slice(0, 4);
        const modules = sub
          .map(
            (s) =>
              `${shortUrl(s.source).replace(/^.*node_modules\//, "")} ${(Number(s.sourceWastedBytes) / 1024).toFixed(1)} KB`,
          )
          .join(", ");
        return `\n    ${shortUrl(item.url)}: ${(Number(item.wastedBytes) / 1024).toFixed(1)} of ${(Number(item.totalBytes) / 1024).toFixed(1)} KB unused${modules ? ` (${modules})` : ""}`;
      })
      .join("")}`,
  );
  const opportunities = Object.values(lhr.audits)
    .filter(
      (a) =>
        (a.details as { type?: string } | undefined)?.type === "opportunity" &&
        a.score !== null &&
        a.score < 0.9,
    )
    .map((a) => `${a.id} (${a.displayValue ?? ""})`);
  console.log(`  opportunities: ${opportunities.join(", ") || "none"}`);
}

/**
 * Accessibility audits that fail, with how many elements: those that count towards the score,
 * and those Lighthouse runs without weighing them (label-content-name-mismatch in v12).
 */
export function failingAccessibility(lhr: Result): { scored: string[]; unscored: string[] } {
  const failing = (weighted: boolean) =>
    (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 === weighted)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a !== undefined && a.score !== null && a.score < 1)
      .map((a) => {
        const count = ((a!.details as { items?: unknown[] } | undefined)?.items ?? []).length;
        return `${a!.id}${count ? ` (${count})` : ""}`;
      });
  return { scored: failing(true), unscored: failing(false) };
}
