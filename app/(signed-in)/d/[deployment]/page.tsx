import { redirect } from "next/navigation";
import { listPath } from "@/lib/shared/alarms/paths";

// /d/{key}: a deployment's address means its alarm list (the layout has checked the analyst may
// see it; otherwise this is the not-found page).
export default async function DeploymentPage({
  params,
}: {
  params: Promise<{ deployment: string }>;
}) {
  redirect(listPath((await params).deployment));
}
