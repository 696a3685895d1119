// Runs once when the server starts: a wrong or missing variable stops start-up, naming it; then
// requests get their real peer address stamped, and the shared store connects (Redis when
// REDIS_URL is set), before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkEnvOrExit, prepareServer } = await import("@/lib/server/services/startup");
    checkEnvOrExit();
    prepareServer();
  }
}
