"use client";
// What a list is grouped by: "Group by rule" in one click, a field to group by (or to add, up to
// three), and each field of the grouping removable, in order. The grouping lives in the URL.

import {
  GROUP_BY_RULE,
  GROUP_FIELDS,
  GROUP_FIELD_TITLE,
  MAX_GROUP_FIELDS,
  type GroupField,
} from "@/lib/shared/alarms/groups";
import { useHydrated } from "@/components/use-hydrated";

export function GroupBy({
  group,
  fields = GROUP_FIELDS,
  onGroup,
  onIntent,
}: {
  group: readonly GroupField[] | undefined;
  /** The fields this list may group by. */
  fields?: readonly GroupField[];
  onGroup: (group: GroupField[] | undefined) => void;
  /** A hint that grouping is near (the pointer over the controls, or focus in them). */
  onIntent?: () => void;
}) {
  const current = group ?? [];
  const waiting = !useHydrated() || undefined;
  const left = fields.filter((field) => !current.includes(field));
  const control =
    "rounded border border-slate-300 bg-white px-2 py-1 text-xs text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";
  return (
    <div
      className="flex flex-wrap items-center gap-2 text-xs"
      role="group"
      aria-label="Grouping"
      // Its server HTML stands until its code is there (./lazy-group-by.tsx): not usable yet.
      aria-disabled={waiting}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      {current.length === 0 ? (
        <button type="button" className={control} onClick={() => onGroup([...GROUP_BY_RULE])}>
          Group by rule
        </button>
      ) : (
        <>
          <span className="text-slate-600 dark:text-slate-400">Grouped by</span>
          {current.map((field, i) => (
            <span
              key={field}
              className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-0.5 pr-1 pl-2 text-blue-900 ring-1 ring-blue-200 ring-inset dark:bg-blue-950 dark:text-blue-100 dark:ring-blue-800"
            >
              {i > 0 ? <span aria-hidden="true">›</span> : null}
              {GROUP_FIELD_TITLE[field]}
              <button
                type="button"
                aria-label={`Stop grouping by ${GROUP_FIELD_TITLE[field]}`}
                className="grid size-4 place-items-center rounded-full hover:bg-blue-200 dark:hover:bg-blue-800"
                onClick={() => {
                  const next = current.filter((f) => f !== field);
                  onGroup(next.length > 0 ? next : undefined);
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            </span>
          ))}
        </>
      )}
      {current.length < MAX_GROUP_FIELDS ? (
        <span className="inline-flex items-center gap-1">
          {/* Named by aria-label: a wrapping label would read its options into its name. */}
          <select
            aria-label={current.length === 0 ? "Group by" : "Then group by"}
            className={control}
            value=""
            onChange={(event) => {
              const field = event.target.value as GroupField;
              if (field) onGroup([...current, field]);
            }}
          >
            <option value="">{current.length === 0 ? "Group by…" : "Then by…"}</option>
            {left.map((field) => (
              <option key={field} value={field}>
                {GROUP_FIELD_TITLE[field]}
              </option>
            ))}
          </select>
        </span>
      ) : null}
      {current.length > 0 ? (
        <button type="button" className={control} onClick={() => onGroup(undefined)}>
          Show alarms
        </button>
      ) : null}
    </div>
  );
}
