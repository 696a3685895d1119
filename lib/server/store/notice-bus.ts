import "server-only";
import { NOTICE_KINDS, type NoticeKind, type NoticeOf } from "./notice-kinds";
import type { SharedStore } from "./types";

// The notice bus: every kind of notice (./notice-kinds.ts) travels on one channel of the shared
// store's pub/sub, which each process hears through one subscription, whatever the number of its
// listeners, and hands each notice to the listeners of its kind. The subscription is made when a
// first listener joins (or one asks it to be ready) and held until the bus closes (at shutdown).
//
// When the store fails: a subscription that could not be made is tried again at the next
// listen() or ready() (a listener's own timer calls ready() each turn); one that held resubscribes
// by itself after a reconnection (./redis.ts). Notices sent meanwhile are lost, and that is all:
// each listener reads again on its own timer (a live view's safety read, the streams' session
// check, the browser's next read of its triage), as a notice only ever says "read again".

/** The bus's channel, in the store's own namespace (its prefix keeps consoles apart). */
export const NOTICE_CHANNEL = "notices";

type Heard = { [K in NoticeKind]: { kind: K; notice: NoticeOf<K> } }[NoticeKind];

/** A message as heard, or null when it is not one this version knows (a newer kind, or noise). */
export function readNotice(message: string): Heard | null {
  try {
    const { kind, notice } = JSON.parse(message) as { kind?: unknown; notice?: unknown };
    if (typeof kind !== "string" || !Object.hasOwn(NOTICE_KINDS, kind)) return null;
    const parsed = NOTICE_KINDS[kind as NoticeKind].safeParse(notice);
    return parsed.success ? ({ kind, notice: parsed.data } as Heard) : null;
  } catch {
    return null;
  }
}

/**
 * Tells every process of `notice`. Never rejects: a notice that cannot be sent (the store is
 * down, or it is not one its parser accepts) costs the listeners their next timer's delay, never
 * the write it tells of.
 */
export async function publishNotice<K extends NoticeKind>(
  store: SharedStore,
  kind: K,
  notice: NoticeOf<K>,
): Promise<void> {
  try {
    const checked: unknown = NOTICE_KINDS[kind].parse(notice);
    await store.publish(NOTICE_CHANNEL, JSON.stringify({ kind, notice: checked }));
  } catch {
    // the listeners' timers read again anyway
  }
}

/** One kind's side of the bus: what a feature's listeners hold. */
export interface NoticeChannel<K extends NoticeKind> {
  /** Calls `listener` with each notice of this kind from now on, until the returned function. */
  listen(listener: (notice: NoticeOf<K>) => void): () => void;
  /** Resolves once this process hears the bus; rejects while the store cannot subscribe. */
  ready(): Promise<void>;
}

export class NoticeBus {
  readonly #store: SharedStore;
  readonly #listeners = new Map<NoticeKind, Set<(notice: never) => void>>();
  #subscription: Promise<() => Promise<void>> | null = null;

  constructor(store: SharedStore) {
    this.#store = store;
  }

  /** Calls `listener` with each notice of `kind` from now on, until the returned function. */
  listen<K extends NoticeKind>(kind: K, listener: (notice: NoticeOf<K>) => void): () => void {
    const listeners = this.#listeners.get(kind) ?? new Set();
    this.#listeners.set(kind, listeners);
    // A listener of its own per call, so the same function may listen twice.
    const each = (notice: NoticeOf<K>) => listener(notice);
    listeners.add(each);
    this.ready().catch(() => undefined);
    return () => {
      listeners.delete(each);
    };
  }

  /** `kind`'s side of the bus. */
  channel<K extends NoticeKind>(kind: K): NoticeChannel<K> {
    return { listen: (listener) => this.listen(kind, listener), ready: () => this.ready() };
  }

  /**
   * Resolves once this process hears the bus (a stream waits for it before it opens, so that a
   * change made the moment after reaches it); rejects when the store cannot subscribe, and the
   * next call tries again.
   */
  async ready(): Promise<void> {
    this.#subscription ??= this.#subscribe();
    await this.#subscription;
  }

  /** Ends the subscription and forgets every listener (shutdown; a later listen starts again). */
  async close(): Promise<void> {
    const subscription = this.#subscription;
    this.#subscription = null;
    this.#listeners.clear();
    const end = await subscription?.catch(() => null);
    await end?.().catch(() => undefined);
  }

  #subscribe(): Promise<() => Promise<void>> {
    const subscription = this.#store.subscribe(NOTICE_CHANNEL, (message) => this.#hear(message));
    subscription.catch(() => {
      if (this.#subscription === subscription) this.#subscription = null;
    });
    return subscription;
  }

  #hear(message: string): void {
    const heard = readNotice(message);
    if (!heard) return;
    const listeners = this.#listeners.get(heard.kind) as Set<(notice: unknown) => void> | undefined;
    for (const listener of [...(listeners ?? [])]) listener(heard.notice);
  }
}

/**
 * Calls `listener` with each notice of `kind` from now on, on `store`'s bus; resolves once the
 * bus hears, with the end of this listening (rejects when the store cannot subscribe).
 */
export async function subscribeNotices<K extends NoticeKind>(
  store: SharedStore,
  kind: K,
  listener: (notice: NoticeOf<K>) => void,
): Promise<() => Promise<void>> {
  const bus = noticeBus(store);
  const leave = bus.listen(kind, listener);
  try {
    await bus.ready();
  } catch (error) {
    leave();
    throw error;
  }
  return async () => leave();
}

const buses = new WeakMap<SharedStore, NoticeBus>();

/** The process's one bus on `store` (the store is the process's: one bus, one subscription). */
export function noticeBus(store: SharedStore): NoticeBus {
  let bus = buses.get(store);
  if (!bus) {
    bus = new NoticeBus(store);
    buses.set(store, bus);
  }
  return bus;
}
