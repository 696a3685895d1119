import { DeploymentProvider } from "@/components/deployments/deployment-context";
import { pageDeployment } from "@/lib/server/pages/deployment";

// Every page of one deployment: the analyst may see it, or the page is not found (whether the
// deployment exists or not).
export default async function DeploymentLayout({
  params,
  children,
}: {
  params: Promise<{ deployment: string }>;
  children: React.ReactNode;
}) {
  const { info } = await pageDeployment((await params).deployment);
  return <DeploymentProvider deployment={info}>{children}</DeploymentProvider>;
}
