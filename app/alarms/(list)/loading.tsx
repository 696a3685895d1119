import { TableSkeleton } from "@/components/alarms/table-skeleton";

export default function Loading() {
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-lg font-semibold">Alarms</h1>
      {/* The filter bar from md up; below md it is folded behind one button. */}
      <div className="h-7 w-24 animate-pulse rounded bg-slate-200/70 md:h-12 md:w-full dark:bg-slate-800/70" />
      <TableSkeleton />
    </div>
  );
}
