// Runs once when the server starts: a wrong or missing variable stops start-up, naming it.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkEnvOrExit } = await import("@/lib/startup");
    checkEnvOrExit();
  }
}
