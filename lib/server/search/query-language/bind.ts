import "server-only";
import type { SearchNode } from "@/lib/shared/search/ast";

// The terms that name the analyst who reads (`owner:me`, `closed_by:me`), bound to them once the
// tree is read: a read finishing after the request (an export's later pages) still means them.

/** The tree with each `owner:me` and `closed_by:me` bound to `analyst` (null: left unbound). */
export function bindAnalyst(node: SearchNode, analyst: string | null): SearchNode {
  if (analyst === null) return node;
  switch (node.type) {
    case "and":
    case "or":
      return { ...node, children: node.children.map((child) => bindAnalyst(child, analyst)) };
    case "not":
      return { ...node, child: bindAnalyst(node.child, analyst) };
    case "field":
      return (node.field === "owner" || node.field === "closed_by") &&
        node.value === "me" &&
        !node.prefix
        ? { ...node, analyst }
        : node;
    default:
      return node;
  }
}
