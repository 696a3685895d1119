import Link from "next/link";
import { HOME_PATH } from "@/lib/shared/alarms/paths";

// The not-found page's content: the same inside the signed-in shell (an unknown or another
// team's deployment) and outside it (an address nothing serves); an alarm's says what it missed.
export function NotFoundPanel({
  title = "Page not found",
  text = "There is nothing at this address.",
  href = HOME_PATH,
  action = "Go to your deployments",
}: {
  title?: string;
  text?: string;
  href?: string;
  action?: string;
}) {
  return (
    <div className="panel mx-auto mt-8 max-w-xl px-6 py-10 text-center">
      <p className="font-mono text-xs text-slate-500">404</p>
      <h1 className="mt-1 text-lg font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{text}</p>
      <Link href={href} className="btn-primary mt-4">
        {action}
      </Link>
    </div>
  );
}
