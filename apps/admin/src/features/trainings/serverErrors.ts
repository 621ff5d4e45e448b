import type { ApiError } from "../../lib/errors";
import type { FieldErrors } from "./trainingForm";

/** The API's 400 body `{ issues: [{ path: 'courseDates.0.endDate', message }] }` as form errors. */
export function serverFieldErrors(error: ApiError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.body.issues ?? []) {
    const key = issue.path === "fee" ? "price" : issue.path;
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
