"use client";
// The error panel as error.tsx files show it: its code loaded when an error is shown.

import { lazyComponent } from "./lazy";

// An error boundary is part of every page it guards, so a static import would bring the panel
// (and what it imports) to each page's first load for the rare moment something fails.
export const ErrorPanel = lazyComponent(() => import("./error-panel").then((m) => m.ErrorPanel));
