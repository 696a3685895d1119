import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AlarmDetailView } from "@/components/alarm-detail/alarm-detail-view";
import { isAlarmUuid } from "@/lib/alarms/query";
import { makeQueryClient } from "@/lib/alarms/query-client";
import { alarmQueryOptions } from "@/lib/alarms/query-options";
import { getAlarmOnce, isNotFound } from "@/lib/alarms/server";
import { requireAnalyst } from "@/lib/auth/require-analyst";

export const metadata: Metadata = { title: "Alarm" };

export default async function AlarmPage({
  params,
  searchParams,
}: {
  params: Promise<{ uuid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ uuid }, search] = await Promise.all([params, searchParams]);
  const analyst = await requireAnalyst();
  if (!isAlarmUuid(uuid)) notFound();

  const queryClient = makeQueryClient();
  try {
    await queryClient.fetchQuery({
      ...alarmQueryOptions(uuid),
      queryFn: () => getAlarmOnce(uuid, analyst.id),
      retry: false,
    });
  } catch (error) {
    if (isNotFound(error)) notFound();
    // Anything else: the browser retries through /api and shows the error with Retry.
  }
  const from = typeof search.from === "string" ? search.from : null;
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AlarmDetailView uuid={uuid} from={from} />
    </HydrationBoundary>
  );
}
