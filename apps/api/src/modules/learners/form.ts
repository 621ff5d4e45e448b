/**
 * The learner's own form, by its token (learner records): read, save, first aid evidence upload,
 * and the links to each attendee's form. The learner's own saves are not logged (they are their data).
 */
import { createHash } from "node:crypto";
import {
  EFAW_COURSE_PATH,
  EVIDENCE_TOO_LARGE_MESSAGE,
  EVIDENCE_TYPE_MESSAGE,
  FIRST_AID_TOO_SHORT_MESSAGE,
  firstAidLongEnough,
  firstAidMinExpiry,
  LINK_EXPIRED_MESSAGE,
  LINK_NOT_FOUND_MESSAGE,
  MAX_EVIDENCE_BYTES,
  type IdDocumentType,
  type LearnerForm,
  type LearnerFormPatch,
  type LearnerLink,
  type LicenceKind,
} from "@app/contract";
import type { Db, DbOrTx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { ukDate } from "../../lib/dates";
import * as repo from "./repository";
import { missingItems, sniffEvidenceType } from "./rules";
import { Rec, Row, attendeeName, iso, learnerFormUrl } from "./shared";

// ---------------------------------------------------------------- the learner's form

/** The learner's record by token; 404 for an unknown, cancelled or purged one, 410 once the course has ended. */
async function openByToken(db: DbOrTx, token: string, now: Date): Promise<Row> {
  const row = /^[a-f0-9]{64}$/.test(token) ? await repo.findLearnerByToken(db, token) : null;
  if (!row || row.orderStatus !== "paid" || row.rec.purgedAt) throw new HttpError(404, LINK_NOT_FOUND_MESSAGE);
  if (ukDate(now) > row.endDate) throw new HttpError(410, LINK_EXPIRED_MESSAGE);
  return row;
}

export function formView(row: Row): LearnerForm {
  const r = row.rec;
  const hasEvidence = row.evidenceName !== null;
  const missing = missingItems(r, hasEvidence, row.startDate);
  return {
    attendee_name: attendeeName(row),
    course_title: row.courseTitle,
    licence_kind: r.licenceKind as LicenceKind,
    start_date: row.startDate,
    end_date: row.endDate,
    first_aid_required: r.firstAidRequired,
    first_aid_min_expiry: firstAidMinExpiry(row.startDate),
    efaw_path: EFAW_COURSE_PATH,
    fields: {
      full_name: r.fullName,
      date_of_birth: r.dateOfBirth,
      address: r.address,
      postcode: r.postcode,
      phone: r.phone,
      email: r.email,
      emergency_name: r.emergencyName,
      emergency_phone: r.emergencyPhone,
      adjustments: r.adjustments,
      id_document_type: r.idDocumentType as IdDocumentType | null,
      id_document_expiry: r.idDocumentExpiry,
      first_aid_title: r.firstAidTitle,
      first_aid_body: r.firstAidBody,
      first_aid_achieved_on: r.firstAidAchievedOn,
      first_aid_expires_on: r.firstAidExpiresOn,
      english_declared_at: iso(r.englishDeclaredAt),
      fitness_name: r.fitnessName,
      fitness_declared_at: iso(r.fitnessDeclaredAt),
      uln: r.uln,
      sia_link_consent: r.siaLinkConsent,
      marketing_opt_in: r.marketingConsentAt !== null,
    },
    evidence: hasEvidence
      ? {
          file_name: row.evidenceName!,
          content_type: row.evidenceType!,
          size_bytes: row.evidenceSize!,
          uploaded_at: iso(row.evidenceAt)!,
        }
      : null,
    missing,
    complete: missing.length === 0,
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function getForm(db: Db, token: string, now: Date): Promise<LearnerForm> {
  return formView(await openByToken(db, token, now));
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v.trim() === "" ? null : v.trim();

/**
 * Saves part of the form. Refused as a whole (400, field by field) when a value breaks a rule,
 * so the learner sees the message beside the field; the form re-sends its other fields.
 */
export async function saveForm(db: Db, token: string, patch: LearnerFormPatch, now: Date): Promise<LearnerForm> {
  return db.transaction(async (tx) => {
    const row = await openByToken(tx, token, now);
    const r = row.rec;
    const issues: { path: string; message: string }[] = [];
    const expires = patch.first_aid_expires_on;
    if (expires && r.firstAidRequired && !firstAidLongEnough(expires, row.startDate))
      issues.push({ path: "first_aid_expires_on", message: FIRST_AID_TOO_SHORT_MESSAGE });
    const achieved = patch.first_aid_achieved_on === undefined ? r.firstAidAchievedOn : patch.first_aid_achieved_on;
    const expiresNow = expires === undefined ? r.firstAidExpiresOn : expires;
    if (achieved && expiresNow && expiresNow <= achieved && (patch.first_aid_achieved_on || expires)) {
      issues.push({
        path: expires ? "first_aid_expires_on" : "first_aid_achieved_on",
        message: "The expiry date must be after the date you achieved the qualification",
      });
    }
    if (patch.id_document_expiry && patch.id_document_expiry < row.startDate) {
      issues.push({
        path: "id_document_expiry",
        message:
          "Your ID document must still be valid on the first day of the course. Please bring a different document from the list.",
      });
    }
    if (issues.length) throw new HttpError(400, issues[0]!.message, { issues });

    const v: Partial<Rec> = {};
    const text = (key: keyof Rec, value: string | null | undefined) => {
      const t = blankToNull(value);
      if (t !== undefined) (v as Record<string, unknown>)[key] = t;
    };
    text("fullName", patch.full_name);
    text("dateOfBirth", patch.date_of_birth);
    text("address", patch.address);
    text("postcode", patch.postcode?.toUpperCase());
    text("phone", patch.phone);
    text("email", patch.email);
    text("emergencyName", patch.emergency_name);
    text("emergencyPhone", patch.emergency_phone);
    text("adjustments", patch.adjustments);
    if (patch.id_document_type !== undefined) v.idDocumentType = patch.id_document_type;
    text("idDocumentExpiry", patch.id_document_expiry);
    text("firstAidTitle", patch.first_aid_title);
    text("firstAidBody", patch.first_aid_body);
    text("firstAidAchievedOn", patch.first_aid_achieved_on);
    text("firstAidExpiresOn", patch.first_aid_expires_on);
    text("uln", patch.uln);
    if (patch.english_declared !== undefined) v.englishDeclaredAt = patch.english_declared ? (r.englishDeclaredAt ?? now) : null;
    if (patch.fitness_name !== undefined) {
      // The declaration is the typed name and the time it was typed (a new name signs again).
      const name = blankToNull(patch.fitness_name);
      v.fitnessName = name ?? null;
      v.fitnessDeclaredAt = name ? (name === r.fitnessName ? r.fitnessDeclaredAt : now) : null;
    }
    if (patch.sia_link_consent !== undefined) {
      v.siaLinkConsent = patch.sia_link_consent;
      v.siaLinkConsentAt =
        patch.sia_link_consent === null ? null : patch.sia_link_consent === r.siaLinkConsent ? r.siaLinkConsentAt : now;
    }
    if (patch.marketing_opt_in !== undefined)
      v.marketingConsentAt = patch.marketing_opt_in ? (r.marketingConsentAt ?? now) : null;
    await repo.updateLearner(tx, r.id, v, now);
    return formView((await repo.findLearner(tx, r.id))!);
  });
}

/** Decodes the upload and checks it by its bytes: ≤ 10 MB (413), a PDF, JPEG, PNG or WebP (400). */
export function decodeEvidence(dataUrl: string): { bytes: Buffer; contentType: string } {
  const comma = dataUrl.indexOf(",");
  const header = dataUrl.slice(0, comma);
  if (!dataUrl.startsWith("data:") || comma < 0) throw new HttpError(400, EVIDENCE_TYPE_MESSAGE);
  const payload = dataUrl.slice(comma + 1);
  const base64 = header.endsWith(";base64");
  if ((base64 ? Math.floor((payload.length * 3) / 4) - 2 : payload.length) > MAX_EVIDENCE_BYTES)
    throw new HttpError(413, EVIDENCE_TOO_LARGE_MESSAGE);
  let bytes: Buffer;
  try {
    bytes = base64 ? Buffer.from(payload, "base64") : Buffer.from(decodeURIComponent(payload), "latin1");
  } catch {
    throw new HttpError(400, EVIDENCE_TYPE_MESSAGE);
  }
  if (bytes.length > MAX_EVIDENCE_BYTES) throw new HttpError(413, EVIDENCE_TOO_LARGE_MESSAGE);
  const contentType = sniffEvidenceType(bytes);
  if (!contentType) throw new HttpError(400, EVIDENCE_TYPE_MESSAGE);
  return { bytes, contentType };
}

const EXTENSION: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

export async function uploadFirstAid(
  db: Db,
  token: string,
  body: { file_name: string; data_url: string },
  now: Date,
): Promise<LearnerForm> {
  const { bytes, contentType } = decodeEvidence(body.data_url);
  return db.transaction(async (tx) => {
    const row = await openByToken(tx, token, now);
    // The stored name is ours: the learner's file name is kept only as text, never as a path.
    const stem =
      body.file_name
        .replace(/\.[^.]*$/, "")
        .replace(/[^\w .()-]+/g, "_")
        .slice(0, 80) || "certificate";
    await repo.saveEvidence(
      tx,
      row.rec.id,
      {
        fileName: `${stem}.${EXTENSION[contentType]}`,
        contentType,
        bytes,
        sha256: createHash("sha256").update(bytes).digest("hex"),
      },
      now,
    );
    await repo.updateLearner(tx, row.rec.id, {}, now);
    return formView((await repo.findLearner(tx, row.rec.id))!);
  });
}

/** The personal links of an order's learners (after payment), for the success page and the confirmation mail. */
export async function learnerLinksForOrder(db: DbOrTx, orderId: number, siteUrl: string): Promise<LearnerLink[]> {
  await repo.ensureLearnerRecords(db, orderId);
  const rows = await repo.learnersOfOrder(db, orderId);
  return rows
    .filter((r) => r.orderStatus === "paid")
    .map((r) => ({ name: attendeeName(r), course_title: r.courseTitle, url: learnerFormUrl(siteUrl, r.rec.token) }));
}

/**
 * For reminders (issue 15): each attendee's learner-form link and whether the form is complete,
 * by attendee id (attendees without a learner record are absent from the map).
 */
export async function learnerFormsOfOrder(
  db: DbOrTx,
  orderId: number,
  siteUrl: string,
): Promise<Map<number, { url: string; complete: boolean }>> {
  const rows = await repo.learnersOfOrder(db, orderId);
  return new Map(
    rows.map((r) => [
      r.rec.attendeeId,
      {
        url: learnerFormUrl(siteUrl, r.rec.token),
        complete: missingItems(r.rec, r.evidenceName !== null, r.startDate).length === 0,
      },
    ]),
  );
}
