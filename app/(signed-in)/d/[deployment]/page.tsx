import { notFound, redirect } from "next/navigation";
import { listPath } from "@/lib/shared/alarms/paths";
import { isEverySegment } from "@/lib/shared/deployments/scope";

// /d/{key}: a deployment's address means its alarm list (the layout has checked the analyst may
// see it; otherwise this is the not-found page). /d/all alone names no page.
export default async function DeploymentPage({
  params,
}: {
  params: Promise<{ deployment: string }>;
}) {
  const { deployment } = await params;
  if (isEverySegment(deployment)) notFound();
  redirect(listPath(deployment));
}
