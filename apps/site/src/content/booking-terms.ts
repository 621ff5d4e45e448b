import { BOOKING_TERMS_VERSION } from "@app/contract/order-facts";
import { DEPOSIT_TERMS } from "./deposit-terms";

/**
 * The booking terms customers agree to at checkout (our own wording). Change the text → change
 * BOOKING_TERMS_VERSION in @app/contract, so each order keeps the version its customer accepted.
 */
export const BOOKING_TERMS_UPDATED = BOOKING_TERMS_VERSION;

export interface TermsSection {
  id: string;
  title: string;
  body: string[];
}

export const BOOKING_TERMS: TermsSection[] = [
  {
    id: "your-booking",
    title: "Your booking",
    body: [
      "A place on a course is yours once your payment has gone through and you have received our confirmation e-mail with your booking reference (8 characters, shown as XXXX-XXXX). Please quote it whenever you contact us.",
      "While you pay, your places are held for 30 minutes. If the payment is not completed in that time the places are released and you have not been charged.",
    ],
  },
  {
    id: "cancellation",
    title: "Cancelling and refunds",
    body: [
      "You can cancel within 14 days of booking and get a full refund, as long as the course has not started. If you ask us to start a course within those 14 days, we refund the days not yet delivered.",
      "After the 14 days: cancel at least 7 days before the first course day and we refund the fee less an administration charge of £25; with less than 7 days' notice we cannot refund the fee, but you may transfer to another date (see below).",
      "Add-ons you chose (for example a workbook or a first-aid course) are refunded in the same way as the course they were booked with.",
      "If we have to cancel or move a course, you choose between a full refund and a place on another date at no extra cost.",
      "Refunds go back to the card you paid with, usually within 5 working days of our agreement.",
    ],
  },
  {
    id: "deposits",
    title: "Deposits and balances",
    body: [
      "Where a course offers it, you can pay a deposit for each place when you book and the balance later. The balance is due on the date shown at checkout and in your confirmation e-mail, which has a secure link to pay it; if you agreed to keep your card on file, we charge it on that date.",
      DEPOSIT_TERMS,
    ],
  },
  {
    id: "transfers",
    title: "Moving to another date",
    body: [
      "You can move your booking to another date of the same course once, free of charge, if you tell us at least 48 hours before the first course day and the new date has places left.",
      "Later changes, or a second change, cost £25 each. A place cannot be transferred to another person without our agreement, because your ID is checked against the booking.",
    ],
  },
  {
    id: "no-shows",
    title: "Missing the course or arriving late",
    body: [
      "If you do not attend, or arrive more than 30 minutes late on the first day, we may not be able to let you join, and the fee is not refunded. Call us as soon as you know you will be late: we will always try to help.",
      "Every SIA qualification requires full attendance of the course hours. Missed sessions must be made up on another date before you can be assessed.",
    ],
  },
  {
    id: "id-documents",
    title: "ID documents you must bring",
    body: [
      "The SIA requires us to check your identity before any assessment. Bring one photo ID (a valid passport or UK photocard driving licence) and two documents showing your current address dated within the last 3 months (for example a bank statement or a utility or council tax bill).",
      "Bring proof of your right to work in the UK (passport, or a share code from GOV.UK). Without the right documents you cannot sit the exams, and a new assessment date may carry a charge.",
    ],
  },
  {
    id: "first-aid",
    title: "First-aid certificate",
    body: [
      "Door supervisor and security guard courses (and their top-ups) require a valid first-aid qualification (Emergency First Aid at Work or equivalent) that is still valid for at least 12 months after your course starts.",
      "Bring the certificate on the first day. If you do not have one, book our Emergency First Aid at Work course or add it to your booking. We keep a copy of your certificate for 3 years, as the SIA requires.",
    ],
  },
  {
    id: "fitness",
    title: "Fitness declaration for physical intervention",
    body: [
      "Courses with physical intervention training include practical exercises such as holds and escorting. Before the practical sessions you will sign a declaration that you are fit to take part.",
      "Tell us before the course about any injury, medical condition or pregnancy that may affect you: we will make reasonable adjustments where we can, and discuss a later date where we cannot.",
    ],
  },
  {
    id: "conduct",
    title: "Conduct and results",
    body: [
      "We may ask a learner to leave for abusive or unsafe behaviour, or if they attend under the influence of alcohol or drugs; the fee is then not refunded.",
      "Exam results and certificates are issued by the awarding body. Passing the course does not guarantee that the SIA will grant a licence: the SIA makes its own checks.",
    ],
  },
];
