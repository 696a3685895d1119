// A deployment's kind, or the list of every deployment, as a small outlined label: in the header and its menu.

import { type DeploymentKind, KIND_NAME } from "@/lib/shared/deployments/types";

interface BadgeProps {
  tone: "header" | "menu";
  className?: string;
  children: React.ReactNode;
}

/** A small outlined label: a deployment's kind, or the list of every deployment. */
export function Badge({ tone, className = "", children }: BadgeProps) {
  const colours =
    tone === "header"
      ? "border-slate-600 text-slate-300"
      : "border-slate-300 text-slate-600 dark:border-slate-600 dark:text-slate-300";
  return (
    <span
      className={`shrink-0 rounded border px-1 text-[10px] leading-4 font-medium whitespace-nowrap ${colours} ${className}`}
    >
      {children}
    </span>
  );
}

export const KindBadge = ({
  kind,
  ...rest
}: Omit<BadgeProps, "children"> & { kind: DeploymentKind }) => (
  <Badge {...rest}>{KIND_NAME[kind]}</Badge>
);
