import fp from "fastify-plugin";
import { HttpError } from "../lib/http-error";

/** The answer to text carrying a NUL character (Postgres cannot store one in text). */
export const NUL_MESSAGE = "Text cannot contain NUL characters";

/** True when a string, or any key or string inside plain objects and arrays, holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object" || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (k.includes("\u0000") || containsNul(v, depth + 1)) return true;
  return false;
}

/**
 * One check for every route, before the contract's validation: a NUL byte in the path,
 * the query or the body is a client's mistake (400), never a failed query (decision 110).
 */
export default fp(
  async (app) => {
    app.addHook("preValidation", async (request) => {
      if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
        throw new HttpError(400, NUL_MESSAGE);
      }
    });
  },
  { name: "input-guard" },
);
