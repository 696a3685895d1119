import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { alarmHome } from "@/lib/server/pages/alarm-home";
import { detailPath } from "@/lib/shared/alarms/paths";
import { isAlarmUuid } from "@/lib/shared/alarms/query";

// /d/all/alarms/<uuid>: an alarm's link without its deployment (the queue of all shows every
// deployment's alarms, so a person writes one so). It leads to the alarm in the deployment that
// holds it, the link's other parameters kept; none the analyst may see: the alarm's not-found
// page. No loading boundary above (the queue's is in its own group), so both are real answers:
// 307 with a Location, or 404.

type Props = {
  params: Promise<{ uuid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const metadata: Metadata = { title: "Alarm not found · All deployments" };

export default async function AlarmOfAnyDeploymentPage({ params, searchParams }: Props) {
  const { uuid } = await params;
  const home = isAlarmUuid(uuid) ? await alarmHome(uuid) : null;
  if (home === null) notFound();
  const kept = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      kept.append(name, one);
    }
  }
  const search = kept.toString();
  redirect(`${detailPath(home, uuid)}${search ? `?${search}` : ""}`);
}
