"use client";

import Link from "next/link";
import { useEffect } from "react";
import { HOME_PATH } from "@/lib/shared/alarms/paths";

/** What error.tsx files show: what happened, and a way to try again or leave. */
export function ErrorPanel({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    // The message of a server error is redacted in production; the digest links to the log.
    const digest =
      error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
    console.error("[alarm-console] page error", digest ?? "");
  }, [error]);
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  return (
    <div role="alert" className="panel mx-auto mt-8 max-w-xl px-6 py-8 text-center">
      <h1 className="text-lg font-semibold">This page could not be shown</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Something went wrong while preparing it. Trying again usually helps; if it keeps happening,
        tell your administrator{digest ? " the reference below" : ""}.
      </p>
      {digest ? <p className="mt-2 font-mono text-xs text-slate-500">Reference {digest}</p> : null}
      <div className="mt-4 flex justify-center gap-2">
        <button type="button" className="btn-primary" onClick={() => retry()}>
          Try again
        </button>
        <Link href={HOME_PATH} className="btn-secondary">
          Go to your deployments
        </Link>
      </div>
    </div>
  );
}
