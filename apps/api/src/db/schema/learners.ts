import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { orderAttendees } from "./orders";
import { bytea, createdAt, tstz, updatedAt } from "./types";

/**
 * One learner record per attendee of a licence-linked course date (issue 14, decision 210):
 * created by `ensure_learner_records(order)` when the order is paid (triggers in the migration).
 * The learner fills the form columns through the unguessable `token`; the centre fills the
 * ID check and the certificate. Retention (decision 214) clears the form columns and sets
 * `purged_at`; the row itself stays so the register and the booking keep their history.
 */
export const learnerRecords = pgTable(
  "learner_records",
  {
    id: serial("id").primaryKey(),
    attendeeId: integer("attendee_id")
      .notNull()
      .references(() => orderAttendees.id, { onDelete: "cascade" }),
    /** 64 hex characters from two gen_random_uuid() (244 random bits): the learner's only key. */
    token: text("token").notNull(),
    /** door_supervisor, security_guard or cctv (from the course title when the record was made). */
    licenceKind: text("licence_kind").notNull(),
    firstAidRequired: boolean("first_aid_required").notNull(),
    fullName: text("full_name"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    address: text("address"),
    postcode: text("postcode"),
    phone: text("phone"),
    email: text("email"),
    emergencyName: text("emergency_name"),
    emergencyPhone: text("emergency_phone"),
    adjustments: text("adjustments"),
    idDocumentType: text("id_document_type"),
    idDocumentExpiry: date("id_document_expiry", { mode: "string" }),
    firstAidTitle: text("first_aid_title"),
    firstAidBody: text("first_aid_body"),
    firstAidAchievedOn: date("first_aid_achieved_on", { mode: "string" }),
    firstAidExpiresOn: date("first_aid_expires_on", { mode: "string" }),
    englishDeclaredAt: tstz("english_declared_at"),
    fitnessName: text("fitness_name"),
    fitnessDeclaredAt: tstz("fitness_declared_at"),
    uln: text("uln"),
    /** Yes/no answer to linking their SIA account to the centre's; null = not answered yet. */
    siaLinkConsent: boolean("sia_link_consent"),
    siaLinkConsentAt: tstz("sia_link_consent_at"),
    /** Renewal reminders opt-in from the form (issue 15 reads it); null = not given. */
    marketingConsentAt: tstz("marketing_consent_at"),
    idCheckedAt: tstz("id_checked_at"),
    idCheckedBy: text("id_checked_by"),
    idCheckedDocument: text("id_checked_document"),
    certificateIssuedAt: tstz("certificate_issued_at"),
    certificateIssuedBy: text("certificate_issued_by"),
    /** What the last result mail said (so a mail goes out once per set of results). */
    resultMailed: text("result_mailed"),
    /** Certificate progress (issue 31): claimed from the awarding body, received, sent or collected. */
    certificateClaimedOn: date("certificate_claimed_on", { mode: "string" }),
    certificateReceivedOn: date("certificate_received_on", { mode: "string" }),
    certificateSentOn: date("certificate_sent_on", { mode: "string" }),
    /** 'post' or 'collected'. */
    certificateSentHow: text("certificate_sent_how"),
    licenceNumber: text("licence_number"),
    licenceExpiresOn: date("licence_expires_on", { mode: "string" }),
    /** Last day the portal opens, as the office set it; null = the default months after the course. */
    portalUntil: date("portal_until", { mode: "string" }),
    /** The trainer's "seen" mark on the uploaded first-aid evidence (decision 331). */
    evidenceSeenAt: tstz("evidence_seen_at"),
    evidenceSeenBy: text("evidence_seen_by"),
    purgedAt: tstz("purged_at"),
    /**
     * Keys kept by `refreshProgressKeys` (decision 533, migration 0047's learner_progress_keys):
     * the London day of the last result, whether every result is a pass, whether the learner is on
     * the progress list (paid, not purged, results, certificate not sent or licence not granted;
     * null: not filled yet) and the list's "stuck since" day.
     */
    resultsOn: date("results_on", { mode: "string" }),
    resultsAllPassed: boolean("results_all_passed"),
    progressOpen: boolean("progress_open").default(false),
    progressSince: date("progress_since", { mode: "string" }),
    /**
     * The course date the record is listed under on the learner dates list (decision 534): its
     * place's date while the booking is paid, else null. Kept by the database (migration 0046:
     * `learner_paid_course_date()` and its triggers), never written by the application; null
     * until the backfill reaches a record made before that migration. Its index is built online
     * (drizzle/online/0051).
     */
    paidCourseDateId: integer("paid_course_date_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("learner_records_attendee_key").on(t.attendeeId), uniqueIndex("learner_records_token_key").on(t.token)],
);

/** The learner's first-aid certificate (PDF, JPEG, PNG or WebP, checked by its bytes), in Postgres like images. */
export const learnerEvidence = pgTable(
  "learner_evidence",
  {
    learnerId: integer("learner_id")
      .notNull()
      .references(() => learnerRecords.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    bytes: bytea("bytes").notNull(),
    uploadedAt: tstz("uploaded_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.learnerId, t.kind] })],
);

/** The register: one row per learner per course day. */
export const learnerAttendance = pgTable(
  "learner_attendance",
  {
    learnerId: integer("learner_id")
      .notNull()
      .references(() => learnerRecords.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    status: text("status").notNull(),
    /** 'HH:MM' (Europe/London) for a late arrival. */
    arrivedAt: text("arrived_at"),
    recordedBy: text("recorded_by").notNull(),
    recordedAt: tstz("recorded_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.day] }),
    check("learner_attendance_status", sql`${t.status} in ('present', 'absent', 'late')`),
  ],
);

/** Results per unit (unit title as taught; units are the course's, or one 'Assessment'). */
export const learnerResults = pgTable(
  "learner_results",
  {
    learnerId: integer("learner_id")
      .notNull()
      .references(() => learnerRecords.id, { onDelete: "cascade" }),
    unit: text("unit").notNull(),
    result: text("result").notNull(),
    recordedBy: text("recorded_by").notNull(),
    recordedAt: tstz("recorded_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.unit] }),
    index("learner_results_learner_idx").on(t.learnerId),
    check("learner_results_result", sql`${t.result} in ('pass', 'fail', 'resit')`),
  ],
);
