import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, parseErrorBody } from "@/lib/shared/core/errors";
import { backgroundContext, type RequestContext } from "@/lib/server/services/context";
import { testAnalyst } from "@/test/analyst";
import { acmeSimulator } from "@/test/deployments-env";
import { deploymentRoute } from "./deployment-route";
import { listQuery } from "./request-input";
import { analystRoute } from "./route";

// The one wrapper around the analysts' routes, as a route file uses it: the session, then the
// request context it builds and hands down (whom for, whose deployments), then the query string
// and the body read by the parsers the route names, answering 400 in our one shape before the
// handler runs; and anything unexpected a handler throws answered 500 without a word of it. The
// console is configured on a simulator (Acme for everyone, Hidden for "boss" only).

const CREDS = { id: "route-wrapper-client", secret: "route-wrapper-secret-7c01" };
acmeSimulator(CREDS, { alarms: 5, rateLimit: false });
afterEach(() => vi.restoreAllMocks());

const ORIGIN = "http://console.test";
const alice = testAnalyst("local:alice");
const signedIn = { session: async () => alice };
const NO_PARAMS = { params: Promise.resolve({}) };

function post(body: string, type = "application/json"): NextRequest {
  return new NextRequest(`${ORIGIN}/api/x`, {
    method: "POST",
    headers: { "content-type": type, origin: ORIGIN },
    body,
  });
}

async function errorOf(response: Response) {
  expect(response.headers.get("Content-Type")).toBe("application/json");
  return parseErrorBody(await response.json())?.error;
}

describe("the route wrapper", () => {
  const noteBody = { schema: z.object({ text: z.string().min(1) }).strict(), maxBytes: 64 };

  it("reads a body by the route's schema, and answers 400 for one not JSON, wrong or too big, never running the handler", async () => {
    let ran = 0;
    const route = analystRoute(
      "POST /api/x",
      async ({ body }) => {
        ran += 1;
        return { got: body.text };
      },
      { ...signedIn, body: noteBody },
    );
    const ok = await route(post(JSON.stringify({ text: "seen" })), NO_PARAMS);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ got: "seen" });

    const notJson = await route(post("{text:"), NO_PARAMS);
    expect(notJson.status).toBe(400);
    expect(await errorOf(notJson)).toEqual({
      code: "invalid_request",
      message: "The body is not valid JSON.",
    });
    const wrong = await route(post(JSON.stringify({ text: 3 })), NO_PARAMS);
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({ code: "invalid_request", param: "text" });
    const extra = await route(post(JSON.stringify({ text: "a", by: "me" })), NO_PARAMS);
    expect((await errorOf(extra))?.code).toBe("invalid_request");
    const big = await route(post(JSON.stringify({ text: "x".repeat(100) })), NO_PARAMS);
    expect(await errorOf(big)).toMatchObject({ code: "invalid_request" });
    const text = await route(post("text=a", "text/plain"), NO_PARAMS);
    expect((await errorOf(text))?.message).toMatch(/application\/json/);
    expect(ran).toBe(1);
  });

  it("reads the query string by one of our URL parsers or a zod schema, 400 naming the parameter", async () => {
    let ran = 0;
    const list = analystRoute(
      "GET /api/list",
      async ({ query }) => {
        ran += 1;
        return { size: query.size };
      },
      { ...signedIn, query: listQuery() },
    );
    const get = (search: string) => new NextRequest(`${ORIGIN}/api/list${search}`);
    expect(await (await list(get("?size=20"), NO_PARAMS)).json()).toEqual({ size: 20 });
    const badSize = await list(get("?size=banana"), NO_PARAMS);
    expect(badSize.status).toBe(400);
    expect(await errorOf(badSize)).toMatchObject({ code: "invalid_request", param: "size" });

    const schema = z.object({ part: z.enum(["a", "b"]) });
    const parts = analystRoute("GET /api/parts", async ({ query }) => query, {
      ...signedIn,
      query: schema,
    });
    expect(await (await parts(get("?part=b"), NO_PARAMS)).json()).toEqual({ part: "b" });
    const badPart = await parts(get("?part=c"), NO_PARAMS);
    expect(badPart.status).toBe(400);
    expect(await errorOf(badPart)).toMatchObject({ code: "invalid_request", param: "part" });
    expect(ran).toBe(1);
  });

  it("answers anything unexpected a handler throws as 500 internal, saying nothing of it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const leak = "https://upstream.example/api?token=s3cr3t";
    const route = analystRoute(
      "GET /api/boom",
      async () => {
        throw new TypeError(leak);
      },
      signedIn,
    );
    const response = await route(new NextRequest(`${ORIGIN}/api/boom`), NO_PARAMS);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("s3cr3t");
    expect(parseErrorBody(JSON.parse(text))?.error).toEqual({
      code: "internal",
      message: "Something went wrong on our side.",
    });
    // Our own errors pass as they are.
    const refused = analystRoute(
      "GET /api/no",
      async () => {
        throw new ApiError("conflict", "Bob has it.");
      },
      signedIn,
    );
    const conflict = await refused(new NextRequest(`${ORIGIN}/api/no`), NO_PARAMS);
    expect(conflict.status).toBe(409);
    expect((await errorOf(conflict))?.message).toBe("Bob has it.");
  });

  it("hands the handler the request's context: whom for, the route's deployment, all they may see", async () => {
    const seen: RequestContext[] = [];
    const route = deploymentRoute(
      "GET /api/d/[deployment]/x",
      async ({ context }) => {
        seen.push(context);
        return { deployment: context.scope.deployment?.key };
      },
      signedIn,
    );
    const call = (deployment: string) =>
      route(new NextRequest(`${ORIGIN}/api/d/${deployment}/x`), {
        params: Promise.resolve({ deployment }),
      });
    expect(await (await call("acme")).json()).toEqual({ deployment: "acme" });
    expect(seen[0]?.analyst?.id).toBe("local:alice");
    expect(seen[0]?.scope.allowed).toEqual(["acme"]);
    // Another's deployment is not found, as one that does not exist.
    for (const key of ["hidden", "nowhere"]) {
      const refused = await call(key);
      expect(refused.status).toBe(404);
      expect((await errorOf(refused))?.code).toBe("not_found");
    }
    expect(seen).toHaveLength(1);
  });

  it("says background work is for no one, over every deployment", () => {
    const context = backgroundContext();
    expect(context.analyst).toBeNull();
    expect(context.scope.deployment).toBeNull();
    expect(context.scope.allowed).toEqual(["acme", "hidden"]);
  });
});
