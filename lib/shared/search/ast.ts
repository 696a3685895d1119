// The search language's tree: what the server's parser (lib/server/search/query-language) makes of
// `q` and its compiler turns into SQL, and what the page may show (chips, the problem under the
// box). Values here are already checked and normalised (lower-cased, canonical addresses).
// Browser-safe.

import type { SearchFieldName, SearchSide } from "./fields";

/** Which end of the traffic an address, host or user is on: either, the source, the destination. */
export type { SearchSide };

export type CompareOp = "=" | ">" | ">=" | "<" | "<=";

/** A leaf's place in `q`: the 0-based offset (UTF-16 units, as JavaScript indexes strings). */
interface Placed {
  position: number;
}

export interface AndNode {
  type: "and";
  children: SearchNode[];
}

export interface OrNode {
  type: "or";
  children: SearchNode[];
}

export interface NotNode {
  type: "not";
  child: SearchNode;
}

/** Free text over the alarm's document, lower-cased: `brute`, `"brute force"`, `brut*`. */
export interface TextNode extends Placed {
  type: "text";
  value: string;
  phrase: boolean;
  prefix: boolean;
}

/**
 * `field:value` for every field that is not an address or a number comparison. `wildcard` is
 * `field:*` (the field has any value; `value` is then ""); `prefix` is `field:val*`.
 */
export interface FieldNode extends Placed {
  type: "field";
  field: Exclude<SearchFieldName, "ip" | "src_ip" | "dst_ip" | "closed_at">;
  /** Only host and user have sides (source_username, destination_name, ...); others "any". */
  side: SearchSide;
  value: string;
  phrase: boolean;
  prefix: boolean;
  wildcard: boolean;
  /**
   * `owner:me` (and `closed_by:me`) bound to the analyst it was read for (their id), so that a
   * read finishing after the request (an export's later pages) still means them.
   */
  analyst?: string;
}

/**
 * `priority >= 70`, `priority:>=70`, `priority:70` (op "="); `closed_at >= 2026-11-29T00:00Z`
 * (its value epoch ms).
 */
export interface CompareNode extends Placed {
  type: "compare";
  field: "priority" | "closed_at";
  op: CompareOp;
  value: number;
}

/**
 * An address or a CIDR range (`ip:10.0.0.0/8`, a bare `188.1.32.78`). `address` is canonical
 * (a range's host bits cleared), `prefix` the CIDR length or null for one address. `wildcard` is
 * `ip:*` (the alarm has any address on that side; `address` is then "").
 */
export interface AddressNode extends Placed {
  type: "address";
  side: SearchSide;
  address: string;
  prefix: number | null;
  wildcard?: boolean;
}

export type SearchNode =
  AndNode | OrNode | NotNode | TextNode | FieldNode | CompareNode | AddressNode;

/** Why `q` cannot be read, and where: shown under the box, which keeps what was typed. */
export interface SearchProblem {
  message: string;
  /** 0-based offset into `q` (UTF-16 units). */
  position: number;
}

/** The limits `q` is held to, said in the problems and the `?` panel. */
export const SEARCH_LIMITS = { length: 1000, depth: 16, terms: 64 } as const;
