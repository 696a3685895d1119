import { connection } from "next/server";
import { AppHeader } from "@/components/app-header";
import { StoredViewScript } from "@/components/list/stored-view-script";
import { UserMenu } from "@/components/auth/user-menu";
import { DeploymentsProvider } from "@/components/deployments/deployment-context";
import { KeyboardHelp } from "@/components/keyboard-help";
import { ListCodeAhead } from "@/components/list-code-ahead";
import { requireAnalyst } from "@/lib/server/auth/require-analyst";
import { visibleDeployments } from "@/lib/server/pages/deployment";

export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  await connection(); // per analyst, per request: never prerendered at build time
  const analyst = await requireAnalyst();
  const deployments = await visibleDeployments();
  return (
    <DeploymentsProvider deployments={deployments}>
      <StoredViewScript />
      <AppHeader>
        <UserMenu name={analyst.name} email={analyst.email} />
      </AppHeader>
      <main className="mx-auto max-w-[1920px] px-4 py-3">{children}</main>
      <KeyboardHelp />
      <ListCodeAhead />
    </DeploymentsProvider>
  );
}
