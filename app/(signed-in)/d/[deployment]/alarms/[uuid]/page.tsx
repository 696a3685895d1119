import { dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AlarmDetailPage } from "@/components/alarm-detail/alarm-detail-view";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import { makeQueryClient } from "@/lib/shared/queries/query-client";
import { alarmQueryOptions } from "@/lib/shared/queries/query-options";
import { alarmTitle } from "@/lib/shared/alarms/titles";
import { isEverySegment } from "@/lib/shared/deployments/scope";
import { getAlarmOnce, isNotFound } from "@/lib/server/pages/alarm";
import { pageDeployment } from "@/lib/server/pages/deployment";

type Params = { params: Promise<{ deployment: string; uuid: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { deployment, uuid } = await params;
  // Without its deployment, the layout leads to the alarm where it is, or it is not found.
  if (isEverySegment(deployment)) return { title: "Alarm not found · All deployments" };
  const { info, call } = await pageDeployment(deployment);
  if (!isAlarmUuid(uuid)) return { title: `Alarm not found · ${info.name}` };
  // The same once-per-request read the page makes: no second upstream call.
  // Not found upstream: the page says so, and so does its title; any other failure is retried.
  const read = await getAlarmOnce(uuid, call).then(
    (alarm) => ({ alarm, gone: false }),
    (error: unknown) => ({ alarm: null, gone: isNotFound(error) }),
  );
  if (read.alarm) return { title: alarmTitle(read.alarm, info) };
  return { title: `${read.gone ? "Alarm not found" : "Alarm"} · ${info.name}` };
}

export default async function AlarmPage({ params }: Params) {
  const { deployment, uuid } = await params;
  if (isEverySegment(deployment)) notFound(); // the layout has led elsewhere already
  const { info, call } = await pageDeployment(deployment);
  if (!isAlarmUuid(uuid)) notFound();

  const queryClient = makeQueryClient();
  try {
    await queryClient.fetchQuery({
      ...alarmQueryOptions(info.key, uuid),
      queryFn: () => getAlarmOnce(uuid, call),
      retry: false,
    });
  } catch (error) {
    if (isNotFound(error)) notFound();
    // Anything else: the browser retries through /api and shows the error with Retry.
  }
  // The view reads `from` and `tz` from the URL itself, so it follows its own URL changes.
  return <AlarmDetailPage uuid={uuid} state={dehydrate(queryClient)} />;
}
