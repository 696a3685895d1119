import "server-only";
import { serverEnv } from "./env";
import { stampPeerAddresses } from "./peer-address";
import { sharedStore } from "./store";

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
 * connection), and every request gets stamped with its real peer address.
 */
export function prepareServer(): void {
  stampPeerAddresses();
  sharedStore();
}
