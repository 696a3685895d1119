import { notFound } from "next/navigation";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import { notFoundBeforeStreaming } from "@/lib/server/pages/alarm";
import { pageDeployment } from "@/lib/server/pages/deployment";

// Decides the HTTP status before anything streams (this layout sits outside the detail's
// loading boundary, whose shell would go out as a 200): a malformed id is a 404 always, an
// alarm the deployment does not hold is one for whoever reads the status (see
// notFoundBeforeStreaming).
export default async function AlarmLayout({
  params,
  children,
}: {
  params: Promise<{ deployment: string; uuid: string }>;
  children: React.ReactNode;
}) {
  const { deployment, uuid } = await params;
  // Layouts render alongside their parents: this one checks the session and the deployment
  // itself before any read.
  const { call } = await pageDeployment(deployment);
  if (!isAlarmUuid(uuid)) notFound();
  await notFoundBeforeStreaming(uuid, call);
  return children;
}
