/** Everything held about one learner (a subject access request), as JSON or PDF; the download is logged. */
import { formatBookingRef, ID_DOCUMENT_LABELS, type IdDocumentType } from "@app/contract";
import type { Db } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { logActivity, type Actor } from "../activity";
import * as repo from "./repository";
import { attendeeName, iso, who } from "./shared";

/** Everything held about one learner (subject access request); the download is logged. */
export async function subjectAccess(db: Db, id: number, actor: Actor, now: Date, format: "JSON" | "PDF") {
  return db.transaction(async (tx) => {
    const row = await repo.findLearner(tx, id);
    if (!row) throw new HttpError(404, "Learner not found");
    const r = row.rec;
    const attendance = await repo.attendanceOf(tx, [id]);
    const results = await repo.resultsOf(tx, [id]);
    const evidence = await repo.loadEvidence(tx, id);
    // Entries that name this learner's booking and name (register actions, evidence views).
    const activity = await repo.activityNaming(tx, `${attendeeName(row)} (${row.courseTitle}`);
    await logActivity(tx, { type: "security", action: `Subject access download (${format})`, details: who(row), actor, at: now });
    return {
      generated_at: now.toISOString(),
      learner: {
        name_on_booking: attendeeName(row),
        full_name_as_on_id: r.fullName,
        date_of_birth: r.dateOfBirth,
        address: r.address,
        postcode: r.postcode,
        phone: r.phone,
        email: r.email ?? row.attendeeEmail,
        emergency_contact: r.emergencyName,
        emergency_phone: r.emergencyPhone,
        reasonable_adjustments: r.adjustments,
        id_document_type: r.idDocumentType ? ID_DOCUMENT_LABELS[r.idDocumentType as IdDocumentType] : null,
        id_document_expiry: r.idDocumentExpiry,
        first_aid_qualification: r.firstAidTitle,
        first_aid_awarding_body: r.firstAidBody,
        first_aid_achieved_on: r.firstAidAchievedOn,
        first_aid_expires_on: r.firstAidExpiresOn,
        english_language_declared_at: iso(r.englishDeclaredAt),
        fitness_declaration_name: r.fitnessName,
        fitness_declared_at: iso(r.fitnessDeclaredAt),
        uln: r.uln,
        sia_account_link_consent: r.siaLinkConsent,
        sia_account_link_consent_at: iso(r.siaLinkConsentAt),
        marketing_consent_at: iso(r.marketingConsentAt),
        id_checked_at: iso(r.idCheckedAt),
        id_checked_by: r.idCheckedBy,
        id_document_seen: r.idCheckedDocument
          ? (ID_DOCUMENT_LABELS[r.idCheckedDocument as IdDocumentType] ?? r.idCheckedDocument)
          : null,
        certificate_issued_at: iso(r.certificateIssuedAt),
        record_created_at: r.createdAt.toISOString(),
        record_deleted_at: iso(r.purgedAt),
      },
      booking: {
        booking_reference: formatBookingRef(row.bookingRef),
        course: row.courseTitle,
        start_date: row.startDate,
        end_date: row.endDate,
        status: row.orderStatus,
        booked_by: `${row.buyerFirstName} ${row.buyerLastName}`,
        paid_at: iso(row.paidAt),
      },
      attendance: attendance.map((a) => ({
        day: a.day,
        status: a.status,
        arrived_at: a.arrivedAt,
        recorded_by: a.recordedBy,
        recorded_at: a.recordedAt.toISOString(),
      })),
      results: results.map((x) => ({
        unit: x.unit,
        result: x.result,
        recorded_by: x.recordedBy,
        recorded_at: x.recordedAt.toISOString(),
      })),
      evidence: evidence
        ? [
            {
              kind: "First aid certificate",
              file_name: evidence.fileName,
              content_type: evidence.contentType,
              size_bytes: evidence.sizeBytes,
              sha256: evidence.sha256,
              uploaded_at: evidence.uploadedAt.toISOString(),
            },
          ]
        : [],
      activity: activity.map((a) => ({ action: a.action, by: a.user_name, at: new Date(a.created_at).toISOString() })),
    };
  });
}
