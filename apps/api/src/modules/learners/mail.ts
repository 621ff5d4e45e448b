/**
 * The result mail to a learner (a service mail: no opt-in needed): the result per unit and what
 * happens next (certificate, SIA licence application, or the resit).
 */
import type { LicenceKind, UnitResult } from "@app/contract";
import { escapeHtml } from "../../lib/html";
import type { MailSettings, RenderedMail } from "../mail";

export const SIA_APPLY_URL = "https://www.gov.uk/guidance/apply-for-an-sia-licence";

const LICENCE_NAME: Record<LicenceKind, string> = {
  door_supervisor: "door supervisor",
  security_guard: "security guard",
  cctv: "public space surveillance (CCTV)",
};

export function nextSteps(outcome: "pass" | "fail" | "resit", kind: LicenceKind, settings: MailSettings): string[] {
  if (outcome === "pass") {
    return [
      "Your certificate: the awarding organisation issues it after we confirm your results; we will let you know when it has been issued (usually within 2 to 3 weeks).",
      `Apply for your SIA ${LICENCE_NAME[kind]} licence online with your SIA account: ${SIA_APPLY_URL}`,
      "You will need your ID documents, your address history for the last 5 years, and the licence fee. The SIA checks your identity, your criminal record and your qualification with the awarding organisation.",
      `If you agreed to link your SIA account to ours, we can see your application and help you with it: call us on ${settings.providerPhone}.`,
    ];
  }
  return [
    "Not every unit was passed this time. You can resit the units you did not pass free of charge.",
    `Call us on ${settings.providerPhone} to book your resit date.`,
    "Once every unit is passed, your certificate is issued and you can apply for your SIA licence.",
  ];
}

export function learnerResultMail(
  r: {
    name: string;
    courseTitle: string;
    licenceKind: LicenceKind;
    results: { unit: string; result: UnitResult }[];
    outcome: "pass" | "fail" | "resit";
  },
  settings: MailSettings,
): RenderedMail {
  const passed = r.outcome === "pass";
  const subject = passed ? `Your result: you passed ${r.courseTitle}` : `Your result for ${r.courseTitle}`;
  const label: Record<UnitResult, string> = { pass: "Pass", fail: "Fail", resit: "Resit" };
  const steps = nextSteps(r.outcome, r.licenceKind, settings);
  const text = [
    `Dear ${r.name},`,
    "",
    passed ? `Congratulations: you passed ${r.courseTitle}.` : `Here are your results for ${r.courseTitle}.`,
    "",
    "Your results:",
    ...r.results.map((x) => `- ${x.unit}: ${label[x.result]}`),
    "",
    "What happens next:",
    ...steps.map((s) => `- ${s}`),
    "",
    settings.providerName,
  ].join("\n");
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:Arial,Helvetica,sans-serif;color:#14213d;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<p style="margin:0 0 12px;font-weight:bold;font-size:18px">${escapeHtml(settings.providerName)}</p>
<p style="margin:0 0 12px">Dear ${escapeHtml(r.name)},</p>
<p style="margin:0 0 12px">${passed ? `Congratulations: you passed ${escapeHtml(r.courseTitle)}.` : `Here are your results for ${escapeHtml(r.courseTitle)}.`}</p>
<h2 style="font-size:18px;margin:16px 0 8px">Your results</h2>
<ul style="padding-left:20px;margin:0 0 12px">${r.results.map((x) => `<li>${escapeHtml(x.unit)}: <strong>${label[x.result]}</strong></li>`).join("")}</ul>
<h2 style="font-size:18px;margin:16px 0 8px">What happens next</h2>
<ul style="padding-left:20px;margin:0 0 12px">${steps.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ul>
<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="margin:0 0 12px;font-size:13px;color:#4a5568">${escapeHtml(settings.providerName)} · ${escapeHtml(settings.venueAddress)} · ${escapeHtml(settings.providerPhone)} · ${escapeHtml(settings.providerEmail)}</p>
</div></body></html>`;
  return { subject, html, text };
}
