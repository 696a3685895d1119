import { MergedPageSkeleton } from "@/components/merged/merged-skeleton";

export default function MergedAlarmsLoading() {
  return <MergedPageSkeleton />;
}
