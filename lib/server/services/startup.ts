import "server-only";
import { serverEnv } from "@/lib/server/env";
import { shutDown } from "@/lib/server/core/shutdown";
import { stampPeerAddresses } from "@/lib/server/core/peer-address";
import { sharedStore } from "@/lib/server/store";

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
 * Before the first request: the shared store opens (so no request's context is tied to its
 * connection), and every request gets stamped with its real peer address. At shutdown, the
 * live streams end, so that the server can.
 */
export function prepareServer(): void {
  stampPeerAddresses();
  sharedStore();
  // Next finishes open responses before it exits; live streams would never finish.
  // Nor would an export of many pages soon: it is stopped (its download marked failed).
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, shutDown);
  }
}
