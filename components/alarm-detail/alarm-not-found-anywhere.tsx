import { NotFoundPanel } from "@/components/not-found-panel";
import { EVERY_LIST_PATH } from "@/lib/shared/alarms/paths";

/**
 * The not-found page of an alarm link without its deployment (/d/all/alarms/<uuid>): no
 * deployment the analyst may see holds it. A server component: it needs no deployment's context.
 */
export function AlarmNotFoundAnywhere() {
  return (
    <NotFoundPanel
      title="Alarm not found"
      text="No deployment you may see holds an alarm with this id. The link may be mistyped or cut short, or the alarm may no longer be kept."
      href={EVERY_LIST_PATH}
      action="Go to the alarms of all deployments"
    />
  );
}
