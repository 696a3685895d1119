import { notFound, redirect } from "next/navigation";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import { isEverySegment } from "@/lib/shared/deployments/scope";
import { notFoundBeforeStreaming } from "@/lib/server/pages/alarm";
import { alarmHomePath } from "@/lib/server/pages/alarm-home";
import { pageDeployment } from "@/lib/server/pages/deployment";

// Decides the HTTP status before anything streams (this layout sits outside the detail's
// loading boundary, whose shell would go out as a 200): a malformed id is a 404 always, an
// alarm the deployment does not hold is one for whoever reads the status (see
// notFoundBeforeStreaming). An alarm's link without its deployment (/d/all/alarms/<uuid>) is a
// 307 to the deployment that holds it, or the alarm's not-found page (404).
export default async function AlarmLayout({
  params,
  children,
}: {
  params: Promise<{ deployment: string; uuid: string }>;
  children: React.ReactNode;
}) {
  const { deployment, uuid } = await params;
  if (isEverySegment(deployment)) {
    const home = await alarmHomePath(uuid);
    if (home === null) notFound();
    redirect(home);
  }
  // Layouts render alongside their parents: this one checks the session and the deployment
  // itself before any read.
  const { call } = await pageDeployment(deployment);
  if (!isAlarmUuid(uuid)) notFound();
  await notFoundBeforeStreaming(uuid, call);
  return children;
}
