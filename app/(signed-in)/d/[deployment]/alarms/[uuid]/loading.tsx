"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "next/navigation";
import { useDeployment } from "@/components/deployments/deployment-context";
import { AlarmDetailView } from "@/components/alarm-detail/alarm-detail-view";
import { DetailSkeleton } from "@/components/alarm-detail/detail-skeleton";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import { alarmQueryOptions } from "@/lib/shared/queries/query-options";

// While the server renders the detail, show it already from the browser's cache when the row
// was hovered or focused (prefetched) a moment ago: opening an alarm then feels instant.
export default function Loading() {
  const { uuid } = useParams<{ uuid: string }>();
  const { key } = useDeployment();
  const cached = useQueryClient().getQueryData(alarmQueryOptions(key, uuid ?? "").queryKey);
  if (uuid && isAlarmUuid(uuid) && cached) return <AlarmDetailView uuid={uuid} />;
  return <DetailSkeleton />;
}
