import "server-only";
import { cache } from "react";
import { analystGate, type AnalystGate } from "@/lib/server/api/analyst-gate";
import { ApiError } from "@/lib/shared/core/errors";

// A page's reads count against the analyst's share of this server exactly as the API's requests
// do (lib/server/api/route.ts): the same gate, under the same analyst key. A page prefetches on
// the server what the browser would otherwise ask /api for, so without this a page URL was a way
// around the limit (a search flood through /d/all/alarms?q=… was never refused).
//
// One render is one request, however many reads it makes: its title and its body share theirs,
// the home page reads a tile per deployment, a layout and its page may read the same alarm. The
// render enters the gate at its first read and holds one slot while any of its reads are in
// flight (reads started after they have all settled run as part of the request already counted).
// Every render that reads counts: a full load, a navigation and a router prefetch alike.
//
// Refused, each read of the render rejects with the gate's rate_limited error, after the render
// has waited out the hold once (the API holds its refused answers the same way, so a script
// that loads a page again as soon as it is answered comes back every few seconds). The work is
// never run. A page answers HTTP 200 all the same: the App Router gives a page no status but 404
// and the redirects (and 401/403), so the pages treat the refusal as any failed read: nothing is
// dehydrated, and the browser asks /api, which is gated too and says "Too many requests at once"
// with a countdown to its retry while it refuses (a home tile says the refusal's message).

/** One render's admission for one analyst. */
export class PageAdmission {
  readonly #gate: AnalystGate;
  readonly #analyst: string;
  #leave: (() => void) | null = null;
  #reads = 0;
  #refusal: Promise<never> | null = null;

  constructor(gate: AnalystGate, analyst: string) {
    this.#gate = gate;
    this.#analyst = analyst;
  }

  /** Runs `work` as one of this render's reads, or rejects with the refusal without running it. */
  async read<T>(work: () => Promise<T>): Promise<T> {
    if (this.#refusal) return this.#refusal;
    if (this.#leave === null) {
      try {
        this.#leave = this.#gate.enter(this.#analyst); // throws when refused
      } catch (error) {
        if (!(error instanceof ApiError && error.code === "rate_limited")) throw error;
        this.#refusal = this.#gate.hold(error.retryAfterSeconds).then(() => {
          throw error;
        });
        return this.#refusal;
      }
    }
    const leave = this.#leave;
    this.#reads++;
    try {
      return await work();
    } finally {
      // The gate's leave counts out once, however often it is called.
      if (--this.#reads === 0) leave();
    }
  }
}

// React's cache lasts one server request: the render's layouts, page and metadata share it.
const admissionOf = cache((analyst: string) => new PageAdmission(analystGate(), analyst));

/** Runs one of this render's reads for `analyst` within the render's one admission to the gate. */
export function pageRead<T>(analyst: string, work: () => Promise<T>): Promise<T> {
  return admissionOf(analyst).read(work);
}
