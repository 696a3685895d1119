import "server-only";

// Caps on the long-lived things one process holds for analysts (open live streams, running
// exports): so many per analyst, so many in all, so no analyst can take every slot from the
// others. Counted per process, on globalThis, so every route bundle counts the same ones. A slot
// is taken at the moment it is granted (no await between the check and the count), so requests
// arriving together cannot all pass the check.

export type SlotRefusal = { refused: "yours" | "full"; held: number };
export type Slot = { release(): void };

interface Counts {
  byAnalyst: Map<string, number>;
  total: number;
}

export class ProcessSlots {
  private readonly counts: Counts;

  constructor(
    name: string,
    private readonly limits: { perAnalyst: number; total: number },
  ) {
    const key = Symbol.for(`alarm-console.slots.${name}`);
    const global = globalThis as { [key: symbol]: Counts | undefined };
    this.counts = global[key] ??= { byAnalyst: new Map(), total: 0 };
  }

  /** A slot for `analyst`, released once (later calls do nothing); or why there is none. */
  take(analyst: string): Slot | SlotRefusal {
    const held = this.counts.byAnalyst.get(analyst) ?? 0;
    if (held >= this.limits.perAnalyst) return { refused: "yours", held };
    if (this.counts.total >= this.limits.total) return { refused: "full", held };
    this.counts.byAnalyst.set(analyst, held + 1);
    this.counts.total++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.counts.byAnalyst.get(analyst) ?? 1) - 1;
        if (left > 0) this.counts.byAnalyst.set(analyst, left);
        else this.counts.byAnalyst.delete(analyst);
        this.counts.total--;
      },
    };
  }

  /** Slots held now: by `analyst`, or by everyone. */
  held(analyst?: string): number {
    return analyst === undefined ? this.counts.total : (this.counts.byAnalyst.get(analyst) ?? 0);
  }
}

export const isRefusal = (taken: Slot | SlotRefusal): taken is SlotRefusal => "refused" in taken;
