import { createServer, request } from "node:http";
import { describe, expect, it } from "vitest";
import { PEER_HEADER, stampPeerAddresses } from "./peer-address";

describe("stampPeerAddresses", () => {
  it("gives every request its TCP peer's address, whatever the client claims", async () => {
    stampPeerAddresses();
    stampPeerAddresses(); // twice is once
    const seen: Array<string | string[] | undefined> = [];
    const server = createServer((req, res) => {
      seen.push(req.headers[PEER_HEADER]);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve, reject) => {
      request(
        {
          port,
          host: "127.0.0.1",
          headers: { [PEER_HEADER]: "203.0.113.1", "X-Forwarded-For": "198.51.100.2" },
        },
        (res) => res.resume().on("end", resolve),
      )
        .on("error", reject)
        .end();
    });
    await new Promise((resolve) => server.close(resolve));
    expect(seen).toEqual(["127.0.0.1"]);
  });
});
