import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

// Accessibility as axe-core sees the page: one line per violation, `rule: the elements`, so a
// failing `toEqual([])` names what is wrong and where.

export interface AxeOptions {
  /** Only the serious and critical violations (the default: every violation). */
  seriousOnly?: boolean;
  /** Only within this selector (the default: the whole page). */
  include?: string;
}

export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (options.include) builder.include(options.include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => !options.seriousOnly || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}
