// `npm run bench`: the speed and memory figures, measured on this machine (not timed tests).
//   npm run bench               all of them
//   npm run bench -- simulator  one or more of: simulator, routes, team, ui, lighthouse, deployments, live, overview, export, index, index-sync, triage, verdicts, labels, heavy, first-load-js
import { benchDeployments } from "./deployments-bench";
import { benchExport } from "./export-bench";
import { benchFirstLoadJs } from "./first-load-bench";
import { benchHeavy } from "./heavy-bench";
import { benchIndex } from "./index-bench";
import { benchIndexSync } from "./index-sync-bench";
import { benchLabels } from "./labels-bench";
import { benchLighthouse } from "./lighthouse-bench";
import { benchLive } from "./live-bench";
import { benchOverview } from "./overview-bench";
import { benchRoutes } from "./route-bench";
import { benchSimulator } from "./simulator-bench";
import { benchTeam } from "./team-bench";
import { benchTriage } from "./triage-bench";
import { benchUi } from "./ui-bench";
import { benchVerdicts } from "./verdicts-bench";

const benches = {
  simulator: benchSimulator,
  routes: benchRoutes,
  team: () => benchTeam(),
  ui: benchUi,
  lighthouse: benchLighthouse,
  deployments: benchDeployments,
  live: benchLive,
  overview: benchOverview,
  export: benchExport,
  index: benchIndex,
  "index-sync": benchIndexSync,
  triage: benchTriage,
  verdicts: benchVerdicts,
  labels: benchLabels,
  heavy: () => benchHeavy(),
  "first-load-js": benchFirstLoadJs,
} as const;
type BenchName = keyof typeof benches;

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const unknown = requested.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(
    `Unknown bench: ${unknown.join(", ")} (choose from ${Object.keys(benches).join(", ")})`,
  );
  process.exit(2);
}

const names = (requested.length > 0 ? requested : Object.keys(benches)) as BenchName[];
for (const name of names) {
  console.log(`\n=== ${name} ===`);
  await benches[name]();
}
