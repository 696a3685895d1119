import "server-only";
import { z } from "zod";
import { DEPLOYMENT_KEY } from "@/lib/shared/deployments/types";
import { TRIAGE_ACTIONS, type TriageNotice } from "@/lib/shared/triage/types";
import type { SharedStore } from "@/lib/server/store";

// The team's triage changes, told to every replica: one message on the shared store's pub/sub
// per write (a bulk write: one per deployment, naming its alarms), which each replica hands to
// the live streams of the analysts who may see that deployment ("Alice took this alarm"). The
// database stays the truth: a notice only says "read again", so one lost costs a stale mark
// until the next read, never a wrong state kept.

export const TRIAGE_CHANNEL = "triage:notices";
/** Alarms one notice names at most; a bigger bulk write sends several. */
export const NOTICE_UUIDS = 500;

const notice = z
  .object({
    deployment: z.string().regex(DEPLOYMENT_KEY),
    uuids: z.array(z.string().uuid()).min(1).max(NOTICE_UUIDS),
    action: z.enum(TRIAGE_ACTIONS),
    analyst: z.string().max(400),
    analystName: z.string().max(400),
    owner: z.string().max(400).nullable().optional(),
    acknowledged: z.boolean().optional(),
    at: z.number().int().nonnegative(),
  })
  .strict();

/** A notice as heard, or null when it is not one (noise, or a newer version's). */
export function readTriageNotice(message: string): TriageNotice | null {
  try {
    const parsed = notice.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Tells every replica; never rejects (a lost notice costs a stale mark, not a write). */
export async function publishTriageNotice(store: SharedStore, change: TriageNotice): Promise<void> {
  for (let start = 0; start < change.uuids.length; start += NOTICE_UUIDS) {
    const part = { ...change, uuids: change.uuids.slice(start, start + NOTICE_UUIDS) };
    try {
      await store.publish(TRIAGE_CHANNEL, JSON.stringify(notice.parse(part)));
    } catch {
      // the next read of the triage is right anyway
    }
  }
}

type Listener = (notice: TriageNotice) => void;

/**
 * This process's one subscription to the channel, shared by every open stream: a stream adds a
 * listener (for the deployments its analyst may see) and takes it away when it closes.
 */
export class TriageNoticeBoard {
  readonly #store: SharedStore;
  readonly #listeners = new Set<Listener>();
  #subscription: Promise<() => Promise<void>> | null = null;

  constructor(store: SharedStore) {
    this.#store = store;
  }

  /** Calls `listener` with each notice from now on, until the returned function is called. */
  listen(listener: Listener): () => void {
    this.#listeners.add(listener);
    this.#subscribe();
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /**
   * Resolves once this process hears the channel (a stream waits for it before it opens, so a
   * change made the moment after reaches it); rejects when the store cannot subscribe.
   */
  async ready(): Promise<void> {
    await this.#subscribe();
  }

  #subscribe(): Promise<() => Promise<void>> {
    this.#subscription ??= this.#store
      .subscribe(TRIAGE_CHANNEL, (message) => {
        const heard = readTriageNotice(message);
        if (!heard) return;
        for (const each of [...this.#listeners]) each(heard);
      })
      .catch((error: unknown) => {
        this.#subscription = null; // the next listener tries again
        throw error;
      });
    this.#subscription.catch(() => {});
    return this.#subscription;
  }

  async close(): Promise<void> {
    const subscription = this.#subscription;
    this.#subscription = null;
    this.#listeners.clear();
    if (subscription) await (await subscription.catch(() => async () => {}))();
  }
}
