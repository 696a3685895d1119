"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/**
 * A header navigation link that says (visibly and to assistive tech) when it is the current
 * section: "page" on its own page, "true" on a page below it (an alarm of the list it links to).
 */
export function NavLink({
  href,
  className = "",
  children,
}: {
  href: string;
  className?: string;
  children: React.ReactNode;
}) {
  const pathname = usePathname();
  const page = pathname === href;
  const below = !page && pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={page ? "page" : below ? "true" : undefined}
      className={`rounded px-2 py-1 hover:bg-slate-800 hover:text-white ${
        page || below ? "bg-slate-800 text-white" : "text-slate-300"
      } ${className}`}
    >
      {children}
    </Link>
  );
}
