import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import { getAlarmOnce, isNotFound } from "@/lib/server/pages/alarm";
import { pageDeployment } from "@/lib/server/pages/deployment";

// Decides the HTTP status before anything streams (this layout sits outside the detail's
// loading boundary): a malformed id is a 404 always; an unknown alarm is a 404 on a full page
// load (a pasted or shared link). In-app navigations skip the wait, so loading.tsx can show a
// hovered alarm from the browser's cache at once; the page then renders not-found itself.
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
  // Fetch metadata (a standard request header): "document" is a full page load.
  if ((await headers()).get("sec-fetch-dest") === "document") {
    try {
      await getAlarmOnce(uuid, call);
    } catch (error) {
      if (isNotFound(error)) notFound();
      // Other failures: the page shows them with Retry.
    }
  }
  return children;
}
