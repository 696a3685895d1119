// /alarms and /alarms/{uuid} - links from before deployments: on to the analyst's default
// deployment, with the rest of the path and the query as they were.
import { notFound, redirect } from "next/navigation";
import { connection } from "next/server";
import { listPath } from "@/lib/shared/alarms/paths";
import { requireAnalyst } from "@/lib/server/auth/require-analyst";
import { deploymentRegistry } from "@/lib/server/deployments/registry";

type Props = {
  params: Promise<{ rest?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function LegacyAlarms({ params, searchParams }: Props) {
  await connection();
  const analyst = await requireAnalyst();
  const deployment = deploymentRegistry().defaultFor(analyst);
  const { rest = [] } = await params;
  if (!deployment || rest.length > 1) notFound();
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      query.append(key, item);
    }
  }
  const search = query.size > 0 ? `?${query}` : "";
  const tail = rest[0] ? `/${encodeURIComponent(rest[0])}` : "";
  redirect(`${listPath(deployment.key)}${tail}${search}`);
}
