import "server-only";
import { serverEnv } from "./env";
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

/** Opens the shared store before the first request, so no request's context is tied to it. */
export function openSharedStore(): void {
  sharedStore();
}
