import { afterEach, describe, expect, it, vi } from "vitest";

describe("start-up", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("stops the server with a message naming the variable", async () => {
    vi.stubEnv("NEXTAUTH_SECRET", "");
    const exit = vi.spyOn(process, "exit").mockImplementation(() => undefined as never);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { checkEnvOrExit } = await import("@/lib/server/services/startup");
    checkEnvOrExit();
    expect(exit).toHaveBeenCalledWith(1);
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/NEXTAUTH_SECRET is required/);
  });
});
