"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** A header navigation link that says (visibly and to assistive tech) when it is the current section. */
export function NavLink({ href, children }: { href: string; children: React.ReactNode }) {
  const pathname = usePathname();
  const current = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={`rounded px-2 py-1 hover:bg-slate-800 hover:text-white ${
        current ? "bg-slate-800 text-white" : "text-slate-300"
      }`}
    >
      {children}
    </Link>
  );
}
