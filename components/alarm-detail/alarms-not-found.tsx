"use client";
// The alarms' not-found page of either scope, as app/(signed-in)/d/[deployment]/alarms shows it:
// the deployment's alarm not found, or (/d/all/alarms/<uuid>) no deployment the analyst may see
// holds it. A not-found file gets no params: the path's are read here.

import { useParams } from "next/navigation";
import { isEverySegment } from "@/lib/shared/deployments/scope";
import { AlarmNotFound } from "./alarm-not-found";
import { AlarmNotFoundAnywhere } from "./alarm-not-found-anywhere";

export function AlarmsNotFound() {
  const { deployment } = useParams<{ deployment: string }>();
  return isEverySegment(deployment) ? <AlarmNotFoundAnywhere /> : <AlarmNotFound />;
}
