import Link from "next/link";
import { DeploymentSwitcher } from "./deployments/deployment-switcher";
import { HOME_PATH } from "@/lib/shared/alarms/paths";
import { ACTIVITY_PATH } from "@/lib/shared/triage/audit";

// The console's shell: product name (home: the overview of every deployment), the deployment
// switcher, and (right) whatever the page puts there, the signed-in analyst's menu on every
// signed-in page. The switcher is the navigation: it names where the analyst is and leads to
// each deployment's list, so there is no separate "Alarms" link to ask "whose alarms?".
export function AppHeader({ children }: { children?: React.ReactNode }) {
  return (
    <header className="border-b border-slate-800 bg-slate-900 text-slate-100 dark:bg-slate-950">
      {/* relative: on phones the switcher's menu spans this bar. */}
      <div className="relative mx-auto flex h-11 max-w-[1920px] items-center gap-3 px-4 sm:gap-6">
        <Link
          href={HOME_PATH}
          className="flex shrink-0 items-center gap-2 font-semibold tracking-tight whitespace-nowrap"
        >
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-sm bg-gradient-to-br from-red-500 to-amber-400"
          />
          {/* Phones give the bar to the deployment's name and the menus; the name is still read. */}
          <span className="max-sm:sr-only">Alarm Console</span>
        </Link>
        <nav aria-label="Main" className="flex min-w-0 items-center gap-1 text-sm">
          <DeploymentSwitcher />
          <Link
            href={ACTIVITY_PATH}
            className="shrink-0 rounded px-2 py-1 text-slate-300 hover:bg-slate-800 hover:text-white"
          >
            Activity
          </Link>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-3 text-sm">{children}</div>
      </div>
    </header>
  );
}
