import "server-only";
import type { SharedStore } from "@/lib/server/store";

// The share of a deployment's budget one class may spend (./budget-classes.ts `share`), across
// replicas: each call of the class first takes a turn in that slice, booked ahead in the store
// (GCRA). Booked rather than refused: callers take their turns in the order they asked, so when
// the slice is short every one of them is served less often, none never.

/** A turn: send after waitMs; or none within the wait allowed (ask again after retryInMs). */
export type Turn = { granted: true; waitMs: number } | { granted: false; retryInMs: number };

export class ShareTurns {
  constructor(
    private readonly store: SharedStore,
    /** The store key prefix of the deployment's client. */
    private readonly key: string,
    /** The deployment's GET limit; 0: none on our side, every turn is now. */
    private readonly perSecond: number,
  ) {}

  /** A turn in `share` of the budget for class `name`, waiting at most maxWaitMs. */
  async take(name: string, share: number, maxWaitMs: number): Promise<Turn> {
    if (this.perSecond <= 0 || share <= 0) return { granted: true, waitMs: 0 };
    const slot = await this.store.reserve(`${this.key}:turns:${name}`, {
      intervalMs: 1000 / (this.perSecond * share),
      burst: 1,
      maxWaitMs,
    });
    return slot.granted
      ? { granted: true, waitMs: slot.waitMs }
      : { granted: false, retryInMs: slot.retryInMs };
  }
}
