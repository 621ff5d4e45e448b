/**
 * The one HTML frame of every mail: a single table-free column that mail clients render, the
 * provider's name on top and its contact line at the foot. Values are escaped here.
 */
import { escapeHtml } from "../../lib/html";
import type { MailSettings } from "./outbox";

/** The paragraph spacing every template uses, so text and frame line up. */
export const P = "margin:0 0 12px";

export function layout(title: string, body: string, settings: MailSettings): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:Arial,Helvetica,sans-serif;color:#14213d;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<p style="${P};font-weight:bold;font-size:18px">${escapeHtml(settings.providerName)}</p>
${body}
<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="${P};font-size:13px;color:#4a5568">${escapeHtml(settings.providerName)} · ${escapeHtml(settings.venueAddress)} · ${escapeHtml(settings.providerPhone)} · ${escapeHtml(settings.providerEmail)}</p>
</div></body></html>`;
}
