"use client";

import { useParams } from "next/navigation";
import { AlarmNotFound } from "@/components/alarm-detail/lazy-alarm-not-found";
import { lazyComponent } from "@/components/lazy";
import { isEverySegment } from "@/lib/shared/deployments/scope";

// The detail's layout (which rejects malformed and unknown ids before anything streams) sits
// above app/alarms/[uuid]/not-found.tsx, so its 404 lands here, still inside the console shell:
// the deployment's alarm not found, or (/d/all/alarms/<uuid>) no deployment the analyst may see
// holds it. A not-found file gets no params: the path's are read here. Each panel's code is
// fetched when it is shown (a not-found boundary is part of every page below it).

const AlarmNotFoundAnywhere = lazyComponent(() =>
  import("@/components/alarm-detail/alarm-not-found-anywhere").then((m) => m.AlarmNotFoundAnywhere),
);

export default function AlarmsNotFound() {
  const { deployment } = useParams<{ deployment: string }>();
  return isEverySegment(deployment) ? <AlarmNotFoundAnywhere /> : <AlarmNotFound />;
}
