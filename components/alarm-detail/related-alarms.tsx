"use client";

import Link from "next/link";
import { detailPath } from "@/lib/shared/alarms/paths";
import { TZ_KEY } from "@/lib/shared/alarms/view";
import { UTC } from "@/lib/shared/alarms/time-zone";
import { formatCount } from "@/lib/shared/alarms/format";
import { pivotHref, pivotRangePhrase } from "@/lib/shared/search/pivot-link";
import type { RelatedAlarm, RelatedShare, SharedCount } from "@/lib/shared/search/pivots";
import { PriorityBadge, StatusBadge } from "@/components/ui/badges";
import { TimeText } from "@/components/ui/time-text";
import { LINK_STYLE } from "./pivot-link";
import { type PivotsState, usePivotsContext } from "./use-pivots";

// "Related alarms": the newest other alarms of the deployment sharing this one's addresses or
// users in the range of the list the analyst came from, and how many share each value. From the
// console's index; while it answers the part says so, and without it a quiet note says why.

const FIELD_NAME: Record<RelatedShare["field"], string> = { ip: "Address", user: "User" };

const muted = "text-xs text-slate-600 dark:text-slate-400";

function othersText({ others, capped }: SharedCount): string {
  return `${formatCount(others)}${capped ? "+" : ""} other ${others === 1 && !capped ? "alarm" : "alarms"}`;
}

function SharedValues({ pivots, shared }: { pivots: PivotsState; shared: SharedCount[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 px-3 pt-2 text-xs" aria-label="Shared values">
      {shared.map((share) => (
        <li key={`${share.field}:${share.value}`} className="min-w-0 [overflow-wrap:anywhere]">
          <span className="text-slate-500 dark:text-slate-400">{FIELD_NAME[share.field]} </span>
          <Link
            href={pivotHref(pivots.deployment, share, pivots.range, pivots.tz)}
            className={`font-mono ${LINK_STYLE}`}
          >
            {share.value}
          </Link>
          <span className="ml-1.5 whitespace-nowrap text-slate-500 tabular-nums dark:text-slate-400">
            {othersText(share)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function RelatedRow({ alarm, pivots }: { alarm: RelatedAlarm; pivots: PivotsState }) {
  const search = pivots.tz !== UTC ? `?${new URLSearchParams([[TZ_KEY, pivots.tz]])}` : "";
  const rule = [alarm.strategy, alarm.method].filter(Boolean).join(" / ") || "Unnamed rule";
  return (
    <li className="flex flex-col gap-1 border-t border-slate-100 px-3 py-2 text-xs first:border-t-0 md:flex-row md:items-center md:gap-3 dark:border-slate-800">
      <div className="flex min-w-0 items-center gap-2 md:flex-1">
        <PriorityBadge priority={alarm.priority} label={alarm.priorityLabel} />
        <Link
          href={`${detailPath(pivots.deployment, alarm.uuid)}${search}`}
          className={`min-w-0 text-[13px] break-words md:truncate ${LINK_STYLE}`}
          data-related-alarm={alarm.uuid}
        >
          {rule}
        </Link>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 md:shrink-0 md:justify-end">
        <StatusBadge status={alarm.status} />
        <TimeText ms={alarm.occurredAt} className="font-mono text-slate-600 dark:text-slate-300" />
        <span className={`${muted} [overflow-wrap:anywhere]`}>
          Shares{" "}
          {alarm.shares.map((share, index) => (
            <span key={`${share.field}:${share.value}`}>
              {index > 0 ? ", " : ""}
              <span className="font-mono">{share.value}</span>
            </span>
          ))}
        </span>
      </div>
    </li>
  );
}

function Body({ pivots }: { pivots: PivotsState }) {
  const range = pivotRangePhrase(pivots.range);
  if (pivots.status === "loading") {
    return (
      <p className={`px-3 py-3 ${muted}`} aria-busy="true">
        Looking in the console&apos;s index…
      </p>
    );
  }
  if (pivots.status !== "ready" || !pivots.answer) {
    return (
      <div className={`px-3 py-3 ${muted}`} data-pivots-unavailable>
        <p>
          Counts and related alarms come from the console&apos;s index, which cannot answer now.
        </p>
        {pivots.reason ? (
          <details className="mt-1">
            <summary className="cursor-pointer">Why</summary>
            <p className="mt-1 [overflow-wrap:anywhere]">{pivots.reason}</p>
          </details>
        ) : null}
      </div>
    );
  }
  const { alarms, shared } = pivots.answer.related;
  if (shared.length === 0) {
    return (
      <p className={`px-3 py-3 ${muted}`}>
        This alarm has no address or user to share with others.
      </p>
    );
  }
  return (
    <>
      <SharedValues pivots={pivots} shared={shared} />
      {alarms.length === 0 ? (
        <p className={`px-3 py-3 ${muted}`}>
          No other alarm {range} shares its addresses or users.
        </p>
      ) : (
        <ul
          className="mt-2 border-t border-slate-100 dark:border-slate-800"
          aria-label="Newest related alarms"
        >
          {alarms.map((alarm) => (
            <RelatedRow key={alarm.uuid} alarm={alarm} pivots={pivots} />
          ))}
        </ul>
      )}
    </>
  );
}

/** The detail's "Related alarms" part (inside the detail's pivots context). */
export function RelatedAlarms() {
  const pivots = usePivotsContext();
  if (!pivots) return null;
  return (
    <section aria-labelledby="related-heading" className="panel min-w-0 pb-1">
      <h2
        id="related-heading"
        className="flex flex-wrap items-baseline gap-x-2 border-b border-slate-200 px-3 py-2 text-sm font-semibold dark:border-slate-800"
      >
        Related alarms
        <span className="text-xs font-normal text-slate-500 dark:text-slate-400">
          newest first, sharing an address or user {pivotRangePhrase(pivots.range)}
        </span>
      </h2>
      <Body pivots={pivots} />
    </section>
  );
}
