// Response helpers. Every error body uses the vendor layout
// {"result":"error","location":"<path>","error":"<message>"}.
import type { IncomingMessage, ServerResponse } from "node:http";

export interface Reply {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export const JSON_TYPE = "application/json;charset=UTF-8";
export const HAL_TYPE = "application/hal+json;charset=UTF-8";
const MAX_BODY_BYTES = 64 * 1024;

export function jsonReply(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return { status, body: JSON.stringify(body), headers: { "Content-Type": JSON_TYPE, ...headers } };
}

export function errorReply(
  status: number,
  location: string,
  error: string,
  headers?: Record<string, string>,
): Reply {
  return jsonReply(status, { result: "error", location, error }, headers);
}

export function methodNotAllowed(location: string, allow: string): Reply {
  return errorReply(405, location, `Request method not supported; use ${allow}`, { Allow: allow });
}

/** A path segment decoded; "" when it is not valid percent-encoding. */
export function pathSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return "";
  }
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(reply.status, {
    ...reply.headers,
    "Content-Length": String(Buffer.byteLength(reply.body)),
  });
  res.end(reply.body);
}

/** Reads a small request body; bigger bodies are cut off (a token request needs a few bytes). */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer; // a request stream without setEncoding yields Buffers
    size += buf.length;
    if (size > MAX_BODY_BYTES) break;
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export function isLoopback(req: IncomingMessage): boolean {
  return LOOPBACK.has(req.socket.remoteAddress ?? "");
}

const HOST_HEADER = /^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The origin the client used (Host header, http scheme), for absolute links. */
export function originOf(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host;
  return host && HOST_HEADER.test(host) ? `http://${host}` : fallback;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
