// The labels `npm start` (scripts/start.mjs) maps the four verdicts to on each embedded
// simulator, so that closing an alarm writes its label back out of the box, as a deployment's
// `labels` configuration would on a real one (where operators read the ids off USM's console).

/** The catalogue's name of each verdict's label ("False Positive" is one of the seeded five). */
export const VERDICT_LABEL_NAMES = {
  true_positive: "True Positive",
  false_positive: "False Positive",
  benign: "Benign",
  duplicate: "Duplicate",
};

/**
 * Each verdict's label id in the simulator at `baseUrl`, its catalogue given the names it lacks
 * (POST /_sim/labels: the simulator runs with --admin, loopback only). Throws naming the label
 * the simulator refused.
 */
export async function verdictLabels(baseUrl) {
  const entries = await Promise.all(
    Object.entries(VERDICT_LABEL_NAMES).map(async ([verdict, name]) => {
      const response = await fetch(`${baseUrl}/_sim/labels`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name }),
      });
      if (!response.ok) {
        throw new Error(
          `The simulator at ${baseUrl} refused the label "${name}" (HTTP ${response.status})`,
        );
      }
      const { id } = await response.json();
      return [verdict, id];
    }),
  );
  return Object.fromEntries(entries);
}
