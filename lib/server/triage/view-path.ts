import "server-only";
import type { Analyst } from "@/lib/server/auth/session";
import { listPathDeployment } from "@/lib/shared/alarms/paths";
import { DEPLOYMENTS_KEY, parseView, viewHref } from "@/lib/shared/alarms/view";
import { EVERY_DEPLOYMENT, isEverySegment, oneDeployment } from "@/lib/shared/deployments/scope";
import { ApiError } from "@/lib/shared/core/errors";
import { VIEW_MAX_CHARS } from "@/lib/shared/triage/saved-views";

// What a saved view may point at: a list of the console, one deployment's or the queue of all,
// read by the list's own parsers, so a view is a list URL the page would show without correcting
// it. Kept in its canonical form, built by the list's own link builders, never as typed.

/** Only to read a relative address: a view naming another origin is refused. */
const BASE = "http://console.invalid";

const wrongView = (message: string) => new ApiError("invalid_request", message, { param: "view" });

/**
 * The canonical address of the list `raw` names, which `visible` (deployment keys) must all hold;
 * invalid_request naming `view` otherwise.
 */
export function readViewPath(raw: string, visible: readonly string[]): string {
  if (raw.length > VIEW_MAX_CHARS) {
    throw wrongView(`view holds at most ${VIEW_MAX_CHARS.toLocaleString("en")} characters.`);
  }
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    throw wrongView("view is not an address.");
  }
  if (!/^\/(?![/\\])/.test(raw) || url.origin !== BASE || url.hash !== "") {
    throw wrongView("view must be a list's path and query, such as /d/acme/alarms?status=open.");
  }
  const deployment = listPathDeployment(url.pathname);
  if (deployment === null) {
    throw wrongView("view must be a list of alarms: /d/{deployment}/alarms or /d/all/alarms.");
  }
  if (isEverySegment(deployment)) {
    const { view, problems } = parseView(url.searchParams, "all", { known: visible });
    refuseProblems(problems);
    return viewHref(EVERY_DEPLOYMENT, view);
  }
  if (!visible.includes(deployment)) throw wrongView("view names no deployment you may see.");
  const { view, problems } = parseView(url.searchParams, "deployment");
  refuseProblems(problems);
  return viewHref(oneDeployment(deployment), view);
}

function refuseProblems(problems: readonly { message: string }[]): void {
  const first = problems[0];
  if (first) throw wrongView(`view: ${first.message}.`);
}

/** Who asks of saved views, and the deployment keys they may see. */
export interface Viewer {
  analyst: Analyst;
  visible: readonly string[];
}

/** Whether every deployment the saved view names is one `visible` holds. */
export const mayOpen = (row: { view: string }, visible: readonly string[]) =>
  viewDeployments(row.view).every((key) => visible.includes(key));

/** The deployments a saved (canonical) view names: the queue's `deployments`, or its one. */
export function viewDeployments(view: string): string[] {
  const url = new URL(view, BASE);
  const deployment = listPathDeployment(url.pathname) ?? "";
  if (!isEverySegment(deployment)) return [deployment];
  const keys = url.searchParams.get(DEPLOYMENTS_KEY);
  return keys ? keys.split(",") : [];
}
