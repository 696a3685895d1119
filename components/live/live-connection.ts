// One live stream per browser, shared by its tabs. Browsers keep six connections per host on
// HTTP/1.1: a stream per tab would soon leave none for the pages themselves.
//
// The tabs elect a leader with a Web Lock (held until the tab goes away, when the next tab in
// line gets it). Every tab tells the others, over a BroadcastChannel, which views it watches;
// the leader opens one EventSource for all of them and relays each message to every tab. A tab
// that cannot share (no Web Locks: an insecure origin, an old browser) opens its own stream.
import { isLiveState, LIVE_STREAM_PATH, type LiveState } from "@/lib/shared/live/types";
import { isTriageNotice, TRIAGE_STREAM_VIEW, type TriageNotice } from "@/lib/shared/triage/types";

export type LiveStatus =
  /** Opening the stream, or no view watched yet. */
  | "connecting"
  | "open"
  /** The stream dropped; the browser is reconnecting. */
  | "reconnecting"
  /** The server refused the stream (signed out, live queue turned off): tried again later. */
  | "refused";

type Message =
  | { type: "want"; tab: string; views: string[] }
  | { type: "bye"; tab: string }
  | { type: "hello" }
  | { type: "state"; state: LiveState }
  | { type: "triage"; notice: TriageNotice }
  | { type: "status"; status: LiveStatus };

const CHANNEL = "alarm-console-live";
const LEADER_LOCK = "alarm-console-live-leader";
/** Tabs say again which views they watch this often; the leader forgets a silent tab after 3. */
const ANNOUNCE_MS = 10_000;
/** How long the leader waits for more changes before reopening the stream with a new set. */
const SETTLE_MS = 150;
const MAX_BACKOFF_MS = 60_000;

type StateListener = (state: LiveState) => void;
type StatusListener = (status: LiveStatus) => void;
type TriageListener = (notice: TriageNotice) => void;

export class LiveConnection {
  readonly #tab = crypto.randomUUID();
  readonly #listeners = new Map<string, Set<StateListener>>();
  readonly #statusListeners = new Set<StatusListener>();
  readonly #triageListeners = new Set<TriageListener>();
  readonly #states = new Map<string, LiveState>();
  readonly #channel: BroadcastChannel | null = null;
  #status: LiveStatus = "connecting";

  // The leader's side.
  #leader = false;
  readonly #wants = new Map<string, { views: string[]; at: number }>();
  #source: EventSource | null = null;
  #sourceViews = "";
  /** The last event's id, for a stream reopened on the same views (Last-Event-ID). */
  #lastEventId = "";
  #lastViews = "";
  #backoffMs = 0;
  /** Not before this (epoch ms): the server refused the last stream. */
  #retryAt = 0;
  #reopen: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    const canShare = typeof BroadcastChannel !== "undefined" && "locks" in navigator;
    if (!canShare) {
      this.#becomeLeader();
      return;
    }
    this.#channel = new BroadcastChannel(CHANNEL);
    this.#channel.onmessage = (event: MessageEvent<Message>) => this.#onMessage(event.data);
    // Held for the tab's life: the promise never settles.
    void navigator.locks.request(LEADER_LOCK, () => {
      this.#becomeLeader();
      return new Promise<never>(() => undefined);
    });
    setInterval(() => this.#announce(), ANNOUNCE_MS);
    addEventListener("pagehide", () => this.#post({ type: "bye", tab: this.#tab }));
  }

  get status(): LiveStatus {
    return this.#status;
  }

  /** Calls `listener` with the view's state now (if known) and at every change, until called off. */
  watch(view: string, listener: StateListener): () => void {
    let listeners = this.#listeners.get(view);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(view, listeners);
    }
    listeners.add(listener);
    const known = this.#states.get(view);
    if (known) queueMicrotask(() => listener(known));
    this.#announce();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#listeners.delete(view);
      this.#announce();
    };
  }

  /** Calls `listener` with each triage change the team makes, until called off. */
  watchTriage(listener: TriageListener): () => void {
    this.#triageListeners.add(listener);
    this.#announce();
    return () => {
      this.#triageListeners.delete(listener);
      this.#announce();
    };
  }

  onStatus(listener: StatusListener): () => void {
    this.#statusListeners.add(listener);
    return () => this.#statusListeners.delete(listener);
  }

  #post(message: Message): void {
    this.#channel?.postMessage(message);
  }

  #onMessage(message: Message): void {
    switch (message.type) {
      case "state":
        return this.#receive(message.state);
      case "triage":
        return this.#receiveTriage(message.notice);
      case "status":
        return this.#setStatus(message.status);
      case "hello":
        return this.#announce();
      case "want":
        if (this.#leader) this.#want(message.tab, message.views);
        return;
      case "bye":
        if (this.#leader && this.#wants.delete(message.tab)) this.#scheduleOpen();
        return;
    }
  }

  #announce(): void {
    const views = [...this.#listeners.keys()];
    if (this.#triageListeners.size > 0) views.push(TRIAGE_STREAM_VIEW);
    if (this.#leader) this.#want(this.#tab, views);
    else this.#post({ type: "want", tab: this.#tab, views });
  }

  #becomeLeader(): void {
    this.#leader = true;
    this.#post({ type: "hello" }); // every tab says what it watches
    this.#announce();
  }

  #want(tab: string, views: string[]): void {
    const joined = !this.#wants.has(tab);
    this.#wants.set(tab, { views, at: Date.now() });
    // A tab that joins gets what the stream already said.
    if (joined && tab !== this.#tab) this.#post({ type: "status", status: this.#status });
    for (const view of views) {
      const state = this.#states.get(view);
      if (state && tab !== this.#tab) this.#post({ type: "state", state });
    }
    this.#scheduleOpen();
  }

  #scheduleOpen(delayMs = SETTLE_MS): void {
    clearTimeout(this.#reopen);
    // A refused stream waits out its backoff, whatever tabs come and go meanwhile.
    const wait = Math.max(delayMs, this.#retryAt - Date.now());
    this.#reopen = setTimeout(() => this.#open(), wait);
  }

  /** Opens the stream for every view some tab watches, unless it is open for exactly those. */
  #open(): void {
    const now = Date.now();
    for (const [tab, want] of this.#wants) {
      if (tab !== this.#tab && now - want.at > 3 * ANNOUNCE_MS) this.#wants.delete(tab);
    }
    const views = [...new Set([...this.#wants.values()].flatMap((want) => want.views))].sort();
    const key = views.join("\n");
    if (key === this.#sourceViews && this.#source) return;
    this.#source?.close();
    this.#source = null;
    // An id names the revs of exactly these views: another set starts afresh.
    if (key !== this.#lastViews) this.#lastEventId = "";
    this.#sourceViews = key;
    this.#lastViews = key;
    if (views.length === 0) return;

    const search = new URLSearchParams(views.map((view) => ["view", view]));
    // The browser sends Last-Event-ID itself when it reconnects; a stream made anew says it here.
    if (this.#lastEventId) search.set("lastEventId", this.#lastEventId);
    const source = new EventSource(`${LIVE_STREAM_PATH}?${search}`);
    this.#source = source;
    this.#setStatus("connecting", true);
    source.onopen = () => {
      this.#backoffMs = 0;
      this.#retryAt = 0;
      this.#setStatus("open", true);
    };
    source.addEventListener("state", (event) => {
      let state: unknown;
      try {
        state = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      if (!isLiveState(state)) return;
      this.#lastEventId = (event as MessageEvent<string>).lastEventId;
      // Kept for tabs that join later, whichever views this tab watches itself.
      this.#states.set(state.view, state);
      this.#receive(state);
      this.#post({ type: "state", state });
    });
    source.addEventListener("triage", (event) => {
      let notice: unknown;
      try {
        notice = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      if (!isTriageNotice(notice)) return;
      this.#receiveTriage(notice);
      this.#post({ type: "triage", notice });
    });
    source.addEventListener("ended", () => this.#refused(source));
    source.onerror = () => {
      if (source !== this.#source) return;
      // CONNECTING: the browser reconnects by itself (with Last-Event-ID). CLOSED: the server
      // answered something other than a stream (signed out, turned off, a proxy's error).
      if (source.readyState === EventSource.CLOSED) this.#refused(source);
      else this.#setStatus("reconnecting", true);
    };
  }

  /** The server would not stream: try again later, less and less often. */
  #refused(source: EventSource): void {
    if (source !== this.#source) return;
    source.close();
    this.#source = null;
    this.#setStatus("refused", true);
    this.#backoffMs = Math.min(MAX_BACKOFF_MS, Math.max(2_000, this.#backoffMs * 2));
    // Spread out, so that the browsers a restart refused do not all come back at once.
    this.#retryAt = Date.now() + this.#backoffMs * (0.8 + Math.random() * 0.4);
    this.#sourceViews = "";
    this.#scheduleOpen(0);
  }

  #receive(state: LiveState): void {
    const listeners = this.#listeners.get(state.view);
    if (!listeners) return;
    this.#states.set(state.view, state);
    for (const listener of listeners) listener(state);
  }

  #receiveTriage(notice: TriageNotice): void {
    for (const listener of this.#triageListeners) listener(notice);
  }

  #setStatus(status: LiveStatus, relay = false): void {
    if (relay) this.#post({ type: "status", status });
    if (status === this.#status) return;
    this.#status = status;
    for (const listener of this.#statusListeners) listener(status);
  }
}

let connection: LiveConnection | undefined;

/** This tab's connection, made on first use (in the browser only). */
export function liveConnection(): LiveConnection {
  connection ??= new LiveConnection();
  return connection;
}
