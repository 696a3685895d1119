import { MergedPageSkeleton } from "@/components/merged/merged-page-skeleton";

export default function MergedAlarmsLoading() {
  return <MergedPageSkeleton />;
}
