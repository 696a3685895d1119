import Link from "next/link";
import { formatCount } from "@/lib/shared/alarms/format";
import { type AlarmFilters, isAlarmUuid, isFilterText } from "@/lib/shared/alarms/query";
import { filteredListHref } from "@/lib/shared/alarms/view-links";
import type { AlarmDetail } from "@/lib/shared/alarms/types";
import { PriorityBadge, StatusBadge, SuppressedMarker } from "@/components/ui/badges";
import { TimeText } from "@/components/ui/time-text";
import { useDeployment } from "@/components/deployments/deployment-context";
import { sensorsOf, techniqueOf } from "@/lib/shared/search/pivot-link";
import { Highlights } from "./highlights";
import { LINK_STYLE, PivotLink } from "./pivot-link";

const dash = <span className="text-slate-500 dark:text-slate-400">—</span>;

function Field({
  label,
  children,
  className = "",
}: {
  label: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="field-label">{label}</dt>
      <dd className="mt-0.5 text-[13px] break-words">{children}</dd>
    </div>
  );
}

/**
 * A value that opens the list filtered by it ("every alarm of this sensor"), when it is one the
 * list's filters take exactly; otherwise (a stray space, a control character) plain text, since
 * the link would show a different list than it says.
 */
function FilterLink({
  filters,
  zone,
  title,
  className = "",
  children,
}: {
  filters: AlarmFilters;
  zone: string;
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  const { key: deployment } = useDeployment();
  const values = Object.values(filters).flat() as unknown[];
  const usable = values.every((value) =>
    typeof value === "string" ? isFilterText(value) || isAlarmUuid(value) : true,
  );
  if (!usable) return <span className={className}>{children}</span>;
  return (
    <Link
      href={filteredListHref(deployment, filters, zone)}
      title={title}
      className={`${LINK_STYLE} ${className}`}
    >
      {children}
    </Link>
  );
}

/** The alarm's user names, each with the side it is on. */
function usersOf(alarm: AlarmDetail): { side: "From" | "To"; name: string }[] {
  const users = [
    { side: "From" as const, name: alarm.sourceUsername },
    { side: "To" as const, name: alarm.destinationUsername },
  ];
  return users.filter((user): user is { side: "From" | "To"; name: string } => Boolean(user.name));
}

/** What the alarm is: rule, priority, status, times, ATT&CK, labels, sensor. */
export function DetailHeader({ alarm, zone }: { alarm: AlarmDetail; zone: string }) {
  const { rule } = alarm;
  const users = usersOf(alarm);
  const sensors = sensorsOf(alarm);
  const technique = techniqueOf(rule);
  return (
    <section aria-labelledby="alarm-title" className="panel p-3">
      <div className="flex flex-wrap items-center gap-2">
        <PriorityBadge priority={alarm.priority} label={alarm.priorityLabel} />
        <StatusBadge status={alarm.status} named />
        {alarm.suppressed ? <SuppressedMarker /> : null}
      </div>
      <h1 id="alarm-title" className="mt-2 text-xl font-semibold break-words">
        {rule.strategy ? (
          <PivotLink pivot={{ field: "strategy", value: rule.strategy }} />
        ) : (
          (rule.id ?? "Unnamed rule")
        )}
        {rule.method ? (
          <span className="font-normal text-slate-600 dark:text-slate-300">
            {" / "}
            <PivotLink pivot={{ field: "method", value: rule.method }} />
          </span>
        ) : null}
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {rule.intent ? (
          <FilterLink
            filters={{ rule_intent: [rule.intent] }}
            zone={zone}
            title={`Every alarm of intent ${rule.intent}`}
          >
            {rule.intent}
          </FilterLink>
        ) : (
          "No intent"
        )}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 md:grid-cols-3 xl:grid-cols-4">
        <Field label="Occurred">
          <TimeText ms={alarm.occurredAt} className="font-mono" />
        </Field>
        <Field label="Received">
          <TimeText ms={alarm.receivedAt} className="font-mono" />
        </Field>
        <Field label="ATT&CK tactic">
          {rule.attackTactics.length ? rule.attackTactics.join(", ") : dash}
        </Field>
        <Field label="ATT&CK technique">
          {technique ? (
            <PivotLink pivot={{ field: "technique", value: technique }}>
              {rule.attackId ? <span className="font-mono">{rule.attackId}</span> : null}
              {rule.attackId && rule.attackTechnique ? " " : null}
              {rule.attackTechnique}
            </PivotLink>
          ) : (
            dash
          )}
        </Field>
        <Field label={users.length > 1 ? "Users" : "User"}>
          {users.length ? (
            <ul className="flex flex-col gap-0.5">
              {users.map(({ side, name }) => (
                <li key={side} className="font-mono text-xs break-all">
                  {users.length > 1 || side === "To" ? (
                    <span className="font-sans text-slate-500 dark:text-slate-400">{side} </span>
                  ) : null}
                  <PivotLink pivot={{ field: "user", value: name }} />
                </li>
              ))}
            </ul>
          ) : (
            dash
          )}
        </Field>
        <Field label="Events">
          <span className="font-mono tabular-nums">{formatCount(alarm.eventsTotal)}</span>
        </Field>
        <Field label={sensors.length > 1 ? "Sensors" : "Sensor"}>
          {sensors.length ? (
            <ul className="flex flex-col gap-0.5">
              {sensors.map((sensor) => (
                <li key={sensor} className="font-mono text-xs break-all">
                  <PivotLink pivot={{ field: "sensor", value: sensor }} />
                </li>
              ))}
            </ul>
          ) : (
            dash
          )}
        </Field>
        <Field label="Rule id">
          {rule.id ? <span className="font-mono text-xs">{rule.id}</span> : dash}
        </Field>
        <Field label="Alarm uuid">
          <span className="font-mono text-xs">{alarm.uuid}</span>
        </Field>
        <Field label="Highlighted by the deployment" className="col-span-full">
          <Highlights highlights={alarm.highlights} />
        </Field>
        <Field label="Labels" className="col-span-full">
          {alarm.labels.length ? (
            <ul className="flex flex-wrap gap-1">
              {alarm.labels.map((label) => (
                <li
                  key={label}
                  className="rounded border border-slate-300 px-1.5 text-xs dark:border-slate-600"
                >
                  {label}
                </li>
              ))}
            </ul>
          ) : (
            dash
          )}
        </Field>
      </dl>
    </section>
  );
}
