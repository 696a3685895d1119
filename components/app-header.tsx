import Link from "next/link";
import { NavLink } from "./nav-link";

// The console's shell: product name, navigation, and (right) whatever the page puts there,
// the signed-in analyst's menu on every signed-in page.
export function AppHeader({ children }: { children?: React.ReactNode }) {
  return (
    <header className="border-b border-slate-800 bg-slate-900 text-slate-100 dark:bg-slate-950">
      <div className="mx-auto flex h-11 max-w-[1920px] items-center gap-3 px-4 sm:gap-6">
        <Link
          href="/alarms"
          className="flex shrink-0 items-center gap-2 font-semibold tracking-tight whitespace-nowrap"
        >
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-sm bg-gradient-to-br from-red-500 to-amber-400"
          />
          {/* The narrowest phones keep the mark and the menu on one line; the name is still read. */}
          <span className="max-[359px]:sr-only">Alarm Console</span>
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1 text-sm">
          <NavLink href="/alarms">Alarms</NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-3 text-sm">{children}</div>
      </div>
    </header>
  );
}
