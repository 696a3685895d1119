import type { Metadata } from "next";
import { connection } from "next/server";
import { AppHeader } from "@/components/app-header";
import { NotFoundPanel } from "@/components/not-found-panel";

export const metadata: Metadata = { title: "Not found" };

// An address no route serves: the console's shell is not around it, so it brings its own header.
export default async function NotFound() {
  // Rendered per request, never prerendered: a prerendered page carries no CSP nonce, so the
  // browser would block its scripts.
  await connection();
  return (
    <>
      <AppHeader />
      <main className="px-4 py-6">
        <NotFoundPanel />
      </main>
    </>
  );
}
