import { DeploymentProvider } from "@/components/deployments/deployment-context";
import { pageScope } from "@/lib/server/pages/deployment";

// Every page of one deployment, or (the path's `all`) of every deployment the analyst may see: a
// deployment's pages only when the analyst may see it, or the page is not found (whether the
// deployment exists or not). The signed-in layout provides the deployments the analyst may see.
export default async function DeploymentLayout({
  params,
  children,
}: {
  params: Promise<{ deployment: string }>;
  children: React.ReactNode;
}) {
  const scope = await pageScope((await params).deployment);
  if (scope.kind === "all") return children;
  return <DeploymentProvider deployment={scope.info}>{children}</DeploymentProvider>;
}
