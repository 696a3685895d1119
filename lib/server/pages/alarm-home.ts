import "server-only";
import { headers } from "next/headers";
import { detailPath } from "@/lib/shared/alarms/paths";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import { REQUEST_PATH_HEADER } from "@/lib/shared/auth/paths";
import { ApiError } from "@/lib/shared/core/errors";
import { requireAnalyst } from "@/lib/server/auth/require-analyst";
import { deploymentRegistry } from "@/lib/server/deployments/registry";
import { deploymentsHolding } from "@/lib/server/search/alarm-home";
import { indexDatabase, readIndex } from "@/lib/server/search/read-index";
import { getAlarmOnce, isNotFound } from "./alarm";
import { pageDeployment } from "./deployment";
import { pageRead } from "./page-gate";

/**
 * The deployment, among those the signed-in analyst may see, that holds the alarm `uuid` (the
 * first in the configured order if several do), or null when none does. The index answers; where
 * it cannot, each deployment is asked in turn (one read each, as opening the alarm there would).
 */
export async function alarmHome(uuid: string): Promise<string | null> {
  const analyst = await requireAnalyst();
  const allowed = deploymentRegistry()
    .visibleTo(analyst)
    .map((deployment) => deployment.key);
  try {
    const holding = await pageRead(analyst.id, async () =>
      readIndex(await indexDatabase(), (tx) => deploymentsHolding(tx, uuid, allowed), {
        analyst: analyst.id,
      }),
    );
    // The index holds what it has synced: an alarm newer than that is asked for below.
    if (holding[0] !== undefined) return holding[0];
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "index_unavailable")) throw error;
  }
  for (const key of allowed) {
    const { call } = await pageDeployment(key);
    try {
      await getAlarmOnce(uuid, call);
      return key;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  return null;
}

/**
 * Where an alarm's link without its deployment (/d/all/alarms/<uuid>: the list of every
 * deployment shows every deployment's alarms, so a person writes one so) leads: the alarm in the
 * deployment that holds it, the link's other parameters kept; null when none the analyst may see
 * holds it. The link's query is the one the proxy saw (a layout, which decides the status before
 * anything streams, is given no search parameters).
 */
export async function alarmHomePath(uuid: string): Promise<string | null> {
  const home = isAlarmUuid(uuid) ? await alarmHome(uuid) : null;
  if (home === null) return null;
  const asked = (await headers()).get(REQUEST_PATH_HEADER) ?? "";
  const mark = asked.indexOf("?");
  const search = new URLSearchParams(mark < 0 ? "" : asked.slice(mark + 1)).toString();
  return `${detailPath(home, uuid)}${search ? `?${search}` : ""}`;
}
