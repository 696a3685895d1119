// The merged queue while its first page loads: the real layout with placeholder rows (the table
// from sm up, cards below), so nothing jumps when the alarms arrive. No hooks: loading.tsx and
// the page's Suspense fallback render it on the server too.

import { SkeletonTable, type SkeletonColumn } from "@/components/alarms/table-skeleton";

const COLUMNS: readonly SkeletonColumn[] = [
  { id: "deployment", label: "Deployment", className: "w-24", bar: "w-[70%]" },
  { id: "priority", label: "Priority", className: "w-[6.5rem]", bar: "w-[70%]" },
  { id: "status", label: "Status", className: "w-24", bar: "w-[60%]" },
  { id: "rule", label: "Rule", className: "", bar: "w-[85%]" },
  {
    id: "peers",
    label: "Sources → Destinations",
    className: "hidden w-64 lg:table-cell",
    bar: "w-[70%]",
  },
  { id: "occurred", label: "Occurred", className: "w-28 xl:w-52", bar: "w-[80%]" },
];

export function MergedSkeleton({ rows = 20 }: { rows?: number }) {
  return (
    <SkeletonTable
      rows={rows}
      columns={COLUMNS}
      label="Loading alarms of all deployments"
      from="sm"
      badges={3}
    />
  );
}

/** The page's frame while nothing is known yet: the heading and the skeleton. */
export function MergedPageSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-lg font-semibold">All deployments</h1>
        <p className="text-xs text-slate-600 dark:text-slate-400">Newest first</p>
      </div>
      <div className="h-12" aria-hidden="true" />
      <MergedSkeleton />
    </div>
  );
}
