import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { AppHeader } from "@/components/app-header";
import { HOME_PATH } from "@/lib/shared/alarms/paths";

export const metadata: Metadata = { title: "Not found" };

export default async function NotFound() {
  // Rendered per request, never prerendered: a prerendered page carries no CSP nonce, so the
  // browser would block its scripts.
  await connection();
  return (
    <>
      <AppHeader />
      <main className="px-4 py-6">
        <div className="panel mx-auto mt-8 max-w-xl px-6 py-10 text-center">
          <p className="font-mono text-xs text-slate-500">404</p>
          <h1 className="mt-1 text-lg font-semibold">Page not found</h1>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            There is nothing at this address.
          </p>
          <Link href={HOME_PATH} className="btn-primary mt-4">
            Go to your deployments
          </Link>
        </div>
      </main>
    </>
  );
}
