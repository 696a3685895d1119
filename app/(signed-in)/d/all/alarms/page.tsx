import type { Metadata } from "next";
import { Suspense } from "react";
import { MergedQueue } from "@/components/merged/merged-queue";
import { MergedPageSkeleton } from "@/components/merged/merged-page-skeleton";

// /d/all/alarms: the newest alarms of every deployment the analyst may see, merged. The
// signed-in layout has checked the session and provides the deployments; the queue reads its
// URL and asks GET /api/d/all/alarms itself (a cursor page is cheap to ask for, costly to
// prefetch for every deployment twice).

export const metadata: Metadata = {
  // No count: a merged queue pages by cursor and knows no totals.
  title: { absolute: "All deployments · Alarm Console" },
};

export default function MergedAlarmsPage() {
  return (
    <Suspense fallback={<MergedPageSkeleton />}>
      <MergedQueue />
    </Suspense>
  );
}
