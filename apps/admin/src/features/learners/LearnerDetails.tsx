import { formatDayWithWeekday } from "@app/contract/dates";
import { ID_DOCUMENT_LABELS, type RegisterLearner } from "@app/contract";

/** A moment as the office reads it: '3 Nov 2026, 14:05' in London. */
export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" }) : null;
const day = (iso: string | null) => (iso ? formatDayWithWeekday(iso) : null);

/** Everything the learner gave on the form, folded away until asked for. */
export function LearnerDetails({ learner: l }: { learner: RegisterLearner }) {
  const d = l.details;
  const rows: [string, string | null][] = [
    ["Full name as on ID", l.full_name],
    ["Date of birth", day(d.date_of_birth)],
    ["Address", [d.address, d.postcode].filter(Boolean).join(", ") || null],
    ["E-mail", l.email],
    ["Phone", l.phone],
    ["Emergency contact", l.emergency],
    [
      "ID they will bring",
      l.id_document_type
        ? `${ID_DOCUMENT_LABELS[l.id_document_type]}${d.id_document_expiry ? `, expires ${day(d.id_document_expiry)}` : ""}`
        : null,
    ],
    ["First aid", d.first_aid_title ? `${d.first_aid_title}${d.first_aid_body ? ` (${d.first_aid_body})` : ""}` : null],
    [
      "First aid achieved / expires",
      d.first_aid_achieved_on || l.first_aid_expires_on
        ? `${day(d.first_aid_achieved_on) ?? "?"} / ${day(l.first_aid_expires_on) ?? "?"}`
        : null,
    ],
    ["English declaration", when(d.english_declared_at)],
    ["Fitness declaration", d.fitness_name ? `${d.fitness_name}, ${when(d.fitness_declared_at)}` : null],
    ["ULN", d.uln],
    ["SIA account link", d.sia_link_consent === null ? null : d.sia_link_consent ? "Yes" : "No"],
    ["Reasonable adjustments", l.adjustments],
  ];
  return (
    <details className="learner-details">
      <summary>Form details</summary>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v ?? <span className="learners__bad">Not given</span>}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
