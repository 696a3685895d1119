import "server-only";
import type { z } from "zod";
import { ApiError, invalidRequest, type RequestProblem } from "@/lib/shared/core/errors";

// A write's JSON body, read within a size (never a whole body of any size in memory) and checked
// by its schema; what is wrong is named, as a query parameter's problem is.

/** Reads at most `maxBytes` of the body; 400 past it, and for a body that is not JSON. */
export async function readJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
  maxBytes: number,
): Promise<z.infer<T>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(
      "invalid_request",
      "Send the body as JSON (Content-Type: application/json).",
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await readCapped(request, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_request", "The body is not valid JSON.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidRequest(zodProblems(parsed.error));
  return parsed.data;
}

/** The problem zod names first, as a query parameter's or a body field's problem is said. */
export function zodProblems(error: z.ZodError): RequestProblem[] {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join(".") || undefined;
  const message = issue?.message ?? "not valid";
  return path ? [{ param: path, message: `${path}: ${message}` }] : [{ message }];
}

const tooLarge = (maxBytes: number) =>
  new ApiError("invalid_request", `The body is larger than ${maxBytes} bytes.`);

async function readCapped(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
