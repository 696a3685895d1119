import Link from "next/link";
import { formatCount, usersText } from "@/lib/shared/alarms/format";
import { type AlarmFilters, isAlarmUuid, isFilterText } from "@/lib/shared/alarms/query";
import { filteredListHref } from "@/lib/shared/alarms/url-state";
import type { AlarmDetail } from "@/lib/shared/alarms/types";
import { PriorityBadge, StatusBadge, SuppressedMarker } from "@/components/ui/badges";
import { TimeText } from "@/components/ui/time-text";
import { useDeployment } from "@/components/deployments/deployment-context";
import { Highlights } from "./highlights";

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
  const values = Object.values(filters) as unknown[];
  const usable = values.every((value) =>
    typeof value === "string" ? isFilterText(value) || isAlarmUuid(value) : true,
  );
  if (!usable) return <span className={className}>{children}</span>;
  return (
    <Link
      href={filteredListHref(deployment, filters, zone)}
      title={title}
      className={`text-blue-800 underline decoration-blue-300 underline-offset-2 hover:decoration-blue-800 dark:text-blue-300 dark:decoration-blue-700 ${className}`}
    >
      {children}
    </Link>
  );
}

/** What the alarm is: rule, priority, status, times, ATT&CK, labels, sensor. */
export function DetailHeader({ alarm, zone }: { alarm: AlarmDetail; zone: string }) {
  const { rule } = alarm;
  const users = usersText(alarm);
  const sensors = [...new Set([alarm.sensorUuid, ...alarm.sensorSources])].filter(
    (sensor): sensor is string => Boolean(sensor),
  );
  return (
    <section aria-labelledby="alarm-title" className="panel p-3">
      <div className="flex flex-wrap items-center gap-2">
        <PriorityBadge priority={alarm.priority} label={alarm.priorityLabel} />
        <StatusBadge status={alarm.status} />
        {alarm.suppressed ? <SuppressedMarker /> : null}
      </div>
      <h1 id="alarm-title" className="mt-2 text-xl font-semibold break-words">
        {rule.strategy ? (
          <FilterLink
            filters={{ rule_strategy: rule.strategy }}
            zone={zone}
            title={`Every alarm of strategy ${rule.strategy}`}
          >
            {rule.strategy}
          </FilterLink>
        ) : (
          (rule.id ?? "Unnamed rule")
        )}
        {rule.method ? (
          <span className="font-normal text-slate-600 dark:text-slate-300">
            {" / "}
            <FilterLink
              filters={{ rule_method: rule.method }}
              zone={zone}
              title={`Every alarm of method ${rule.method}`}
            >
              {rule.method}
            </FilterLink>
          </span>
        ) : null}
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {rule.intent ? (
          <FilterLink
            filters={{ rule_intent: rule.intent }}
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
          {rule.attackId || rule.attackTechnique ? (
            <>
              {rule.attackId ? <span className="font-mono">{rule.attackId}</span> : null}
              {rule.attackTechnique ? ` ${rule.attackTechnique}` : null}
            </>
          ) : (
            dash
          )}
        </Field>
        <Field label="User">
          {users ? <span className="font-mono text-xs break-all">{users}</span> : dash}
        </Field>
        <Field label="Events">
          <span className="font-mono tabular-nums">{formatCount(alarm.eventsTotal)}</span>
        </Field>
        <Field label={sensors.length > 1 ? "Sensors" : "Sensor"}>
          {sensors.length ? (
            <ul className="flex flex-col gap-0.5">
              {sensors.map((sensor) => (
                <li key={sensor}>
                  <FilterLink
                    filters={{ alarm_sensor_sources: sensor }}
                    zone={zone}
                    title="Every alarm from this sensor"
                    className="font-mono text-xs break-all"
                  >
                    {sensor}
                  </FilterLink>
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
