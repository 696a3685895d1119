"use client";
// The alarm's not-found page as not-found.tsx files show it: its code loaded when it is shown.

import { lazyComponent } from "@/components/lazy";

// A not-found boundary is part of every page below it (the deployment's list too), so a static
// import would bring the panel to their first load for the rare mistyped alarm link.
export const AlarmNotFound = lazyComponent(() =>
  import("./alarm-not-found").then((m) => m.AlarmNotFound),
);

/** The same for the alarms of either scope (a deployment's, or every deployment's). */
export const AlarmsNotFound = lazyComponent(() =>
  import("./alarms-not-found").then((m) => m.AlarmsNotFound),
);
