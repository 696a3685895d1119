import "server-only";
import { serverEnv } from "./env";

/** Stops the server with a message naming each wrong or missing variable. */
export function checkEnvOrExit(): void {
  try {
    serverEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : "Invalid configuration");
    process.exit(1);
  }
}
