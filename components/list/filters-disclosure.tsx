"use client";
// Below md the filter bar folds behind one button, "Filters (2)".

import { useId, useRef, useState } from "react";
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
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const active = activeFilterChips(filters).length;

  return (
    <div className="flex flex-col gap-2">
      <button
        ref={button}
        type="button"
        className="btn self-start md:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
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
