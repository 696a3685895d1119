import { TableSkeleton } from "@/components/alarms/table-skeleton";

export default function Loading() {
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-lg font-semibold">Alarms</h1>
      <div className="h-12 animate-pulse rounded bg-slate-200/70 dark:bg-slate-800/70" />
      <TableSkeleton />
    </div>
  );
}
