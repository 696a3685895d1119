import type { HighlightedField } from "@/lib/shared/alarms/types";

// What the deployment highlights on an alarm (its `highlight_fields`), each field named as an
// analyst reads it and with its value on the alarm: where the deployment says to look first.

/** "source_username" as "Source username". */
export function fieldName(field: string): string {
  const words = field.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function Highlights({ highlights }: { highlights: HighlightedField[] }) {
  if (highlights.length === 0) {
    return <span className="text-slate-500 dark:text-slate-400">Nothing</span>;
  }
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Highlighted fields">
      {highlights.map(({ field, value }) => (
        <li
          key={field}
          className="rounded border border-amber-300 bg-amber-50 px-1.5 py-0.5 text-xs dark:border-amber-700 dark:bg-amber-950/40"
        >
          <span className="text-slate-600 dark:text-slate-300">{fieldName(field)}</span>{" "}
          {value === null ? (
            <span className="text-slate-500 italic dark:text-slate-400">not set</span>
          ) : (
            <span className="font-mono break-all">{value}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
