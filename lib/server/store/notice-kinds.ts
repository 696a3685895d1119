import "server-only";
import { z } from "zod";
import { DEPLOYMENT_KEY } from "@/lib/shared/deployments/types";
import { TRIAGE_ACTIONS, VERDICTS, type TriageNotice } from "@/lib/shared/triage/types";

// What the notice bus carries (./notice-bus.ts), as one table: a kind of notice is one line here
// with its parser, not a channel and a board of its own. Every notice only says "read again"
// (the database and the store stay the truth), so a lost one costs a listener its next timer's
// delay, never a wrong state kept. A parser is strict: a replica of an older version ignores a
// newer one's notices (and noise) instead of acting on half of them.

/** What wrote an index's rows. */
export const ROW_CHANGE_KINDS = [
  "follow",
  "backfill",
  "reconcile",
  "retention",
  "refresh",
] as const;

const rowsNotice = z
  .object({
    type: z.literal("rows"),
    deployment: z.string().regex(DEPLOYMENT_KEY),
    kind: z.enum(ROW_CHANGE_KINDS),
    /** Rows written (or deleted: by retention, a detail's 404, reconciliation). */
    rows: z.number().int().positive(),
    /**
     * When they were written (epoch ms, the sync's clock): also the `indexed_at` each row written
     * holds, so a reader can tell which write brought a row in.
     */
    at: z.number().int().nonnegative(),
  })
  .strict();

/** Alarms one triage notice names at most; a bigger bulk write sends several. */
export const NOTICE_UUIDS = 500;

const triageNotice: z.ZodType<TriageNotice> = z
  .object({
    deployment: z.string().regex(DEPLOYMENT_KEY),
    uuids: z.array(z.string().uuid()).min(1).max(NOTICE_UUIDS),
    action: z.enum(TRIAGE_ACTIONS),
    analyst: z.string().max(400),
    analystName: z.string().max(400),
    owner: z.string().max(400).nullable().optional(),
    acknowledged: z.boolean().optional(),
    verdict: z.enum(VERDICTS).nullable().optional(),
    at: z.number().int().nonnegative(),
  })
  .strict();

const sessionNotice = z.discriminatedUnion("type", [
  /** One session: signed out, or revoked. */
  z.object({ type: z.literal("revoked"), sid: z.string().min(1).max(200) }).strict(),
  /** Every session the analyst began before now: "sign out everywhere". */
  z.object({ type: z.literal("revoked-all"), user: z.string().min(1).max(400) }).strict(),
]);

/** The kinds of notice, each with its parser. */
export const NOTICE_KINDS = {
  /** The index's rows of a deployment changed (lib/server/mirror/live-notices.ts). */
  index: z.discriminatedUnion("type", [rowsNotice]),
  /** The team's triage of some alarms changed (lib/server/triage/notices.ts). */
  triage: triageNotice,
  /** A session, or every session of an analyst, ended (lib/server/auth/session-notices.ts). */
  session: sessionNotice,
} as const;

export type NoticeKind = keyof typeof NOTICE_KINDS;
export type NoticeOf<K extends NoticeKind> = z.infer<(typeof NOTICE_KINDS)[K]>;
