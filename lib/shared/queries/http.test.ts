import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/shared/core/errors";
import { getJson, sendForm, sendJson } from "./http";
import { retryDelay } from "./retry";

// The browser's client against a real HTTP server on a loopback port, through the global fetch:
// what a query function or a mutation gets for each kind of answer.

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

function json(response: ServerResponse, status: number, body: unknown, headers = {}): void {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

const routes: Record<string, Handler> = {
  "/refused": (_, __, response) =>
    json(response, 400, {
      error: { code: "invalid_request", message: "size must be one of 10, 20", param: "size" },
    }),
  "/limited": (_, __, response) =>
    json(
      response,
      429,
      { error: { code: "rate_limited", message: "Slow down." } },
      { "Retry-After": "7" },
    ),
  "/limited-unsaid": (_, __, response) =>
    json(response, 503, { error: { code: "upstream_rate_limited", message: "USM is busy." } }),
  "/proxy": (_, __, response) => {
    response.writeHead(502, "Bad Gateway", { "Content-Type": "text/html" });
    response.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
  },
  "/signin-page": (_, __, response) => {
    response.writeHead(200, { "Content-Type": "text/html" });
    response.end("<html>Sign in</html>");
  },
  "/echo": (request, body, response) =>
    json(response, 200, {
      method: request.method,
      contentType: request.headers["content-type"] ?? null,
      accept: request.headers.accept ?? null,
      cacheControl: request.headers["cache-control"] ?? null,
      body,
    }),
  // Answers nothing until the test ends: what an abort interrupts.
  "/hang": () => {},
  "/hang-in-body": (_, __, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.write('{"alarms": [');
  },
};

const server = createServer((request, response) => {
  let body = "";
  request.setEncoding("utf8");
  request.on("data", (chunk: string) => (body += chunk));
  request.on("end", () => {
    const route = routes[new URL(request.url ?? "/", "http://x").pathname];
    if (route) route(request, body, response);
    else json(response, 404, { error: { code: "not_found", message: "No such route." } });
  });
});
let origin = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** What a call rejected with. */
async function failure(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => expect.fail("expected a rejection"),
    (error: unknown) => error,
  );
}

describe("getJson", () => {
  it("turns our error shape into an ApiError with its code, message, param and status", async () => {
    const error = await failure(getJson(`${origin}/refused`));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: "invalid_request",
      message: "size must be one of 10, 20",
      param: "size",
      status: 400,
    });
  });

  it("keeps the Retry-After a rate limit names, and waits that long before trying again", async () => {
    const error = await failure(getJson(`${origin}/limited`));
    expect(error).toMatchObject({ code: "rate_limited", status: 429, retryAfterSeconds: 7 });
    expect(retryDelay(0, error)).toBe(7_000);
  });

  it("backs off when a rate limit names no wait, instead of asking again at once", async () => {
    const error = await failure(getJson(`${origin}/limited-unsaid`));
    expect(error).toMatchObject({ code: "upstream_rate_limited", retryAfterSeconds: undefined });
    expect(retryDelay(0, error)).toBe(1_000);
    expect(retryDelay(2, error)).toBe(4_000);
  });

  it("says what answered when a failure is not ours (a proxy's HTML 502)", async () => {
    const error = await failure(getJson(`${origin}/proxy`));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: "internal",
      message: "The Alarm Console server answered 502 Bad Gateway.",
    });
  });

  it("refuses a success that is not our JSON (a page where data was expected)", async () => {
    const error = await failure(getJson(`${origin}/signin-page`));
    expect(error).toMatchObject({
      code: "internal",
      message: "The Alarm Console server sent an answer we cannot read.",
    });
  });

  it("says the server could not be reached when nothing answers", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(getJson(`http://127.0.0.1:${port}/anything`));
    expect(error).toMatchObject({
      code: "internal",
      message: "Could not reach the Alarm Console server.",
    });
  });

  it("asks past shared caches only when told to", async () => {
    const plain = await getJson<{ cacheControl: string | null }>(`${origin}/echo`);
    const fresh = await getJson<{ cacheControl: string | null }>(`${origin}/echo`, {
      fresh: true,
    });
    expect(plain).toMatchObject({ cacheControl: null, accept: "application/json" });
    expect(fresh.cacheControl).toBe("no-cache");
  });

  it("rejects with the abort itself, not an error to show, when aborted before the answer", async () => {
    const abort = new AbortController();
    const read = getJson(`${origin}/hang`, { signal: abort.signal });
    setTimeout(() => abort.abort(), 20);
    const error = await failure(read);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: "AbortError" });
  });

  it("rejects with the abort itself when aborted while the body arrives", async () => {
    const abort = new AbortController();
    const read = getJson(`${origin}/hang-in-body`, { signal: abort.signal });
    setTimeout(() => abort.abort(), 50);
    const error = await failure(read);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: "AbortError" });
  });
});

describe("sendJson and sendForm", () => {
  it("send the method and a JSON body, and resolve with the answer", async () => {
    const answer = await sendJson(`PATCH`, `${origin}/echo`, { body: { name: "Night shift" } });
    expect(answer).toEqual({
      method: "PATCH",
      contentType: "application/json",
      accept: "application/json",
      cacheControl: null,
      body: JSON.stringify({ name: "Night shift" }),
    });
    const deleted = await sendJson("DELETE", `${origin}/echo`);
    expect(deleted).toMatchObject({ method: "DELETE", body: "" });
  });

  it("reject a write with the ApiError our shape says, as reads do", async () => {
    const error = await failure(sendJson("POST", `${origin}/refused`, { body: {} }));
    expect(error).toMatchObject({ code: "invalid_request", param: "size", status: 400 });
  });

  it("post a form where the endpoint reads one", async () => {
    const answer = await sendForm(`${origin}/echo`, { csrfToken: "t0k", json: "true" });
    expect(answer).toMatchObject({
      method: "POST",
      contentType: "application/x-www-form-urlencoded",
      body: "csrfToken=t0k&json=true",
    });
  });
});
