"use client";

import Link from "next/link";
import { useDeployment } from "@/components/deployments/deployment-context";
import { listPath } from "@/lib/shared/alarms/paths";
import { KIND_NAME } from "@/lib/shared/deployments/types";

/**
 * The not-found page of an alarm link: unknown id, mistyped or malformed link. A client
 * component: it is rendered only by the not-found files under a deployment's layout, which
 * provides the deployment (a not-found file gets no params of its own).
 */
export function AlarmNotFound() {
  const { key, name, kind } = useDeployment();
  return (
    <div className="panel mx-auto mt-8 max-w-xl px-6 py-10 text-center">
      <p className="font-mono text-xs text-slate-500">404</p>
      <h1 className="mt-1 text-lg font-semibold">Alarm not found</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        There is no alarm with this id in {name}. The link may be mistyped or cut short, or the
        alarm may no longer be kept by {KIND_NAME[kind]}.
      </p>
      <Link href={listPath(key)} className="btn-primary mt-4">
        Go to the alarm list of {name}
      </Link>
    </div>
  );
}
