import "server-only";
import { systemClock } from "@/lib/shared/core/clock";
import { ApiError } from "@/lib/shared/core/errors";
import type { LastError } from "@/lib/shared/deployments/tile";
import type { SharedStore } from "@/lib/server/store";
import { isOwnRefusal } from "./budget";

// The last upstream failure any replica met on a deployment in the past day, for its home tile.
// Only the deployment's own failures: an analyst's refusal over their share, the console's own
// budget and the store's failures are not the upstream's.

const KEEP_MS = 86_400_000;

export class LastErrors {
  constructor(
    private readonly store: SharedStore,
    private readonly key: string,
  ) {}

  /** Records `error` if it is the deployment's; never fails the read it came from. */
  note(error: unknown): void {
    if (!(error instanceof ApiError) || !error.code.startsWith("upstream_")) return;
    if (isOwnRefusal(error)) return; // the console's own queue, not the deployment's answer
    // Wall-clock time: it is shown to analysts.
    const last: LastError = { code: error.code, message: error.message, at: systemClock.now() };
    this.store.set(this.key, JSON.stringify(last), KEEP_MS).catch(() => undefined);
  }

  async read(): Promise<LastError | null> {
    const text = await this.store.get(this.key);
    if (!text) return null;
    try {
      return JSON.parse(text) as LastError; // our own JSON, from our own store
    } catch {
      return null;
    }
  }
}
