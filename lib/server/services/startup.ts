import "server-only";
import { stampPeerAddresses } from "@/lib/server/core/peer-address";
import { closeDatabase, databaseState } from "@/lib/server/db";
import { serverEnv } from "@/lib/server/env";
import { sharedStore } from "@/lib/server/store";
import { shutDown } from "@/lib/server/core/shutdown";
import { services } from "./context";

// What instrumentation.ts runs once when the server process starts.

/** Stops the server with a message naming each wrong or missing variable. */
export function checkEnvOrExit(): void {
  try {
    serverEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : "Invalid configuration");
    process.exit(1);
  }
}

/**
 * Before the first request: every request gets stamped with its real peer address, the shared
 * store opens (so no request's context is tied to its connection) and the background services
 * start. At shutdown they stop, and so do the responses held open, so that the server can exit.
 */
export function prepareServer(): void {
  stampPeerAddresses();
  sharedStore();
  // The index opens now (PGlite's first creation takes seconds); a process that cannot have it
  // says why in its log and serves everything else.
  void databaseState();
  services();
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      // Next finishes open responses before it exits: the ones that never finish by themselves
      // (live streams, export downloads) end now.
      shutDown();
      void services()
        .stop()
        .then(() => closeDatabase());
    });
  }
}
