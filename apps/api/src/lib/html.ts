const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** '£1,250.00': the one money formatter of @app/rules, re-exported for the API's pages and mails. */
export { formatPence } from "@app/rules";
