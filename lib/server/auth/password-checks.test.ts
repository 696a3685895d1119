import { describe, expect, it } from "vitest";
import { BusyError, CheckQueue } from "./password-checks";

describe("CheckQueue", () => {
  it("runs so many checks at a time, queues a few more, and turns the rest away at once", async () => {
    const queue = new CheckQueue(2, 1);
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const check = () =>
      queue.run(async () => {
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return "checked";
      });
    const started = [check(), check(), check()]; // two run, one waits
    await expect(check()).rejects.toBeInstanceOf(BusyError);
    while (releases.length < 2) await new Promise((resolve) => setImmediate(resolve));
    releases.shift()!(); // a place frees up: the waiting one runs
    while (releases.length < 2) await new Promise((resolve) => setImmediate(resolve));
    releases.splice(0).forEach((release) => release());
    expect(await Promise.all(started)).toEqual(["checked", "checked", "checked"]);
    expect(most).toBe(2);
  });

  it("frees its places whether a check succeeds or throws", async () => {
    const queue = new CheckQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(queue.run(async () => "next")).resolves.toBe("next");
  });
});
