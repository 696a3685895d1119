"use client";
// Below md the filter bar folds behind one button, "Filters (2)".

import { useDisclosure } from "@/components/ui/use-disclosure";
import type { AlarmFilters } from "@/lib/shared/alarms/query";
import { activeFilterChips } from "./filter-chips";

/**
 * Below md the filter bar folds behind one button, "Filters (2)" with the number of active
 * filters, so that a phone's first screen shows alarms; from md up the bar is always there and
 * the button is not. Folded is the server's state too: CSS alone decides, nothing jumps.
 */
export function FiltersDisclosure({
  filters,
  children,
}: {
  filters: AlarmFilters;
  children: React.ReactNode;
}) {
  // A fold of the page, not a panel over it: it stays open until its button folds it again.
  const { open, panelId, button } = useDisclosure({ dismiss: false });
  const active = activeFilterChips(filters).length;

  return (
    <div className="flex flex-col gap-2">
      <button {...button} type="button" className="btn self-start md:hidden">
        <span aria-hidden="true" className="text-[9px]">
          {open ? "▲" : "▼"}
        </span>
        Filters{active > 0 ? ` (${active})` : ""}
      </button>
      <div id={panelId} className={open ? "" : "max-md:hidden"}>
        {children}
      </div>
    </div>
  );
}
