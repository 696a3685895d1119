import Link from "next/link";

/** The not-found page of an alarm link: unknown id, mistyped or malformed link. */
export function AlarmNotFound() {
  return (
    <div className="panel mx-auto mt-8 max-w-xl px-6 py-10 text-center">
      <p className="font-mono text-xs text-slate-500">404</p>
      <h1 className="mt-1 text-lg font-semibold">Alarm not found</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        There is no alarm with this id. The link may be mistyped or cut short, or the alarm may no
        longer be kept by USM Anywhere.
      </p>
      <Link href="/alarms" className="btn-primary mt-4">
        Go to the alarm list
      </Link>
    </div>
  );
}
