import "server-only";
import { Server, type IncomingMessage } from "node:http";

// The address a request really came from. Next.js writes the TCP peer into X-Forwarded-For only
// when the request carries none, so without a reverse proxy a client can claim any address
// there. This stamps every request, before Next sees it, with the peer's address in a header of
// our own, overwriting whatever the client sent under that name. Installed once at start-up
// (instrumentation.ts); the sign-in throttle reads it (lib/server/auth/throttle.ts).

export const PEER_HEADER = "x-alarm-console-peer";

const INSTALLED = Symbol.for("alarm-console.peer-address");

export function stampPeerAddresses(): void {
  const prototype = Server.prototype as Server & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;
  const emit = prototype.emit as (
    this: Server,
    event: string | symbol,
    ...args: unknown[]
  ) => boolean;
  prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[PEER_HEADER] = request.socket?.remoteAddress ?? "";
    }
    return emit.call(this, event, ...args);
  } as Server["emit"];
}
