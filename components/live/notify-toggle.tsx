"use client";

import { useEffect, useRef, useState } from "react";
import { isHighOrAbove, priorityName, PRIORITY_TITLE } from "@/lib/shared/alarms/priority";
import type { LiveFresh } from "@/lib/shared/live/types";

// Optional, off by default: a desktop notification for each new high or critical alarm. The
// choice is kept per browser; every tab shows the same notifications with the alarm's uuid as
// their tag, so the browser shows one of each, not one per tab. When the browser blocks the
// console's notifications the button says so, rather than doing nothing when clicked.

const KEY = "alarm-console.notify-high";

type State = "off" | "on" | "blocked";

/** What the button adds to its name, for the eye (aria-pressed and the title tell the rest). */
const MARK: Record<State, string> = { off: "", on: " · on", blocked: " · blocked" };

const TITLE: Record<State, string> = {
  off: "A desktop notification for each new high or critical alarm",
  on: "A desktop notification comes for each new high or critical alarm; click to stop",
  blocked:
    "This browser blocks the console's notifications: allow them in the site's settings (the icon left of the address), then click again",
};

const STYLE: Record<State, string> = {
  off: "btn",
  on: "btn border-blue-700 bg-blue-700 text-white hover:bg-blue-800 dark:border-blue-400 dark:bg-blue-500 dark:text-slate-950",
  blocked:
    "btn border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-600 dark:bg-amber-950/60 dark:text-amber-100",
};

export function NotifyToggle({
  arrived,
  deploymentName,
}: {
  arrived: readonly LiveFresh[];
  deploymentName: string;
}) {
  const [supported, setSupported] = useState(false);
  const [state, setState] = useState<State>("off");
  const notified = useRef(new Set<string>());

  useEffect(() => {
    if (typeof Notification === "undefined") return;
    queueMicrotask(() => {
      setSupported(true);
      if (Notification.permission === "denied") setState("blocked");
      else if (localStorage.getItem(KEY) === "1" && Notification.permission === "granted") {
        setState("on");
      }
    });
  }, []);

  useEffect(() => {
    if (state !== "on") return;
    for (const alarm of arrived) {
      const label = priorityName(alarm.priorityLabel);
      if (notified.current.has(alarm.uuid) || !isHighOrAbove(label)) continue;
      notified.current.add(alarm.uuid);
      new Notification(`New ${PRIORITY_TITLE[label!].toLowerCase()} alarm · ${deploymentName}`, {
        tag: alarm.uuid,
        body: "Open Alarm Console to see it.",
      });
    }
  }, [state, arrived, deploymentName]);

  if (!supported) return null;
  const toggle = async () => {
    if (state === "on") {
      localStorage.removeItem(KEY);
      setState("off");
      return;
    }
    const permission =
      Notification.permission === "default"
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permission !== "granted") {
      setState(permission === "denied" ? "blocked" : "off");
      return;
    }
    // What arrived before the analyst asked is not news any more.
    for (const alarm of arrived) notified.current.add(alarm.uuid);
    localStorage.setItem(KEY, "1");
    setState("on");
  };
  return (
    <button
      type="button"
      aria-pressed={state === "on"}
      onClick={() => void toggle()}
      title={TITLE[state]}
      className={STYLE[state]}
      data-notify={state}
    >
      Notify high
      {MARK[state] ? <span aria-hidden="true">{MARK[state]}</span> : null}
    </button>
  );
}
