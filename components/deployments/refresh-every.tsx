"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Reads the page again from the server every `ms` while the tab is shown (and at once when it
 * is shown again after longer): the home tiles' counts and ages stay current, as the list's
 * overview does. The refresh keeps what is on screen until the new render has arrived. Once it
 * runs, the page's main region is marked hydrated (the mark every page's scripts set).
 */
export function RefreshEvery({ ms }: { ms: number }) {
  const router = useRouter();
  useEffect(() => {
    document.querySelector("main")?.setAttribute("data-hydrated", "");
    let last = Date.now();
    const refresh = () => {
      last = Date.now();
      router.refresh();
    };
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, ms);
    const onShown = () => {
      if (document.visibilityState === "visible" && Date.now() - last >= ms) refresh();
    };
    document.addEventListener("visibilitychange", onShown);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onShown);
    };
  }, [router, ms]);
  return null;
}
