"use client";

import { useEffect, useRef, useState } from "react";
import type { LiveFresh } from "@/lib/shared/live/types";

// Optional, off by default: a desktop notification for each new high or critical alarm. The
// choice is kept per browser; every tab shows the same notifications with the alarm's uuid as
// their tag, so the browser shows one of each, not one per tab.

const KEY = "alarm-console.notify-high";
const LOUD = new Set(["high", "critical"]);

export function NotifyToggle({
  arrived,
  deploymentName,
}: {
  arrived: readonly LiveFresh[];
  deploymentName: string;
}) {
  const [supported, setSupported] = useState(false);
  const [on, setOn] = useState(false);
  const notified = useRef(new Set<string>());

  useEffect(() => {
    if (typeof Notification === "undefined") return;
    queueMicrotask(() => {
      setSupported(true);
      setOn(localStorage.getItem(KEY) === "1" && Notification.permission === "granted");
    });
  }, []);

  useEffect(() => {
    if (!on) return;
    for (const alarm of arrived) {
      if (notified.current.has(alarm.uuid) || !LOUD.has(alarm.priorityLabel ?? "")) continue;
      notified.current.add(alarm.uuid);
      new Notification(`New ${alarm.priorityLabel} alarm · ${deploymentName}`, {
        tag: alarm.uuid,
        body: "Open Alarm Console to see it.",
      });
    }
  }, [on, arrived, deploymentName]);

  if (!supported) return null;
  const toggle = async () => {
    if (on) {
      localStorage.removeItem(KEY);
      setOn(false);
      return;
    }
    const permission =
      Notification.permission === "default"
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permission !== "granted") return;
    // What arrived before the analyst asked is not news any more.
    for (const alarm of arrived) notified.current.add(alarm.uuid);
    localStorage.setItem(KEY, "1");
    setOn(true);
  };
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => void toggle()}
      title={
        typeof Notification !== "undefined" && Notification.permission === "denied"
          ? "This browser blocks the console's notifications"
          : "A desktop notification for each new high or critical alarm"
      }
      className="btn"
    >
      Notify high
    </button>
  );
}
