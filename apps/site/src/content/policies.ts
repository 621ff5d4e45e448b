/**
 * The seven policies of /privacy (spec §2: numbered accordion, 'Health and Safety' open first,
 * each with a 'Signed' and a 'Last Updated' line). Our own text, using the policy facts of
 * spec §9 (Disclosure certificate within four days, starting-work arrangements reviewed at
 * least every two weeks, references covering three years, dates February to May 2022).
 * The provider's name is filled in at render time.
 */
export interface Policy {
  id:
    | "health-safety"
    | "privacy-policy"
    | "malpractice-procedures"
    | "dbs-check"
    | "reasonable-adjustments"
    | "diversity-inclusion"
    | "anti-slavery-policy";
  title: string;
  /** Display date. */
  lastUpdated: string;
  signedBy: string;
  /** Paragraphs; '{provider}' is replaced with the provider's name. */
  body: string[];
}

const SIGNATORY = "R. Example, Managing Director";

export const POLICIES: readonly Policy[] = [
  {
    id: "health-safety",
    title: "Health and Safety",
    lastUpdated: "14th February 2022",
    signedBy: SIGNATORY,
    body: [
      "{provider} is committed to providing a safe and healthy place to learn and work for every learner, member of staff and visitor to our training centre.",
      "We assess the risks of every course we deliver, including the practical physical intervention and first aid sessions, and review those assessments at least once a year or whenever a course or the premises change. Trainers brief learners on fire exits, first aid arrangements and the safe conduct of practical exercises at the start of each course.",
      "Physical intervention is practised only under the direct supervision of a qualified trainer, on suitable mats, with warm-up exercises first. Any learner may stop an exercise at any time. Accidents and near misses are recorded and investigated so that they do not happen again.",
      "Everyone on our premises has a duty to take reasonable care of themselves and others and to report hazards to a member of staff straight away.",
    ],
  },
  {
    id: "privacy-policy",
    title: "Privacy Policy",
    lastUpdated: "2nd March 2022",
    signedBy: SIGNATORY,
    body: [
      "{provider} collects only the personal information it needs to book, deliver and certificate your training: your name, contact details, address, the course you book and, where an awarding body requires it, copies of your identity documents.",
      "We use this information to manage your booking, to register you with the awarding body, to issue your certificate and to answer your questions. We never sell your data. Payments are handled by our payment provider; we do not see or store your card details.",
      "We keep learner records for as long as the awarding body and the law require, and no longer. You may ask to see the information we hold about you, to have it corrected, or to have it deleted where we are not required to keep it, by contacting us at the e-mail address on our contact page.",
      "How long we keep things: your bookings and payments (your name and the amounts) for 6 years, as tax law requires; the evidence for your qualification (the identity check, first aid certificate, attendance and results) for 3 years after your course ends, as the awarding body requires, and then it is deleted automatically with the rest of your learner form, whose other answers (such as your contact details) you may ask us to delete sooner. E-mails we send are kept for 12 months, our record of who changed what in the booking system for 6 years, and our server logs for 30 days; the logs never contain your details. When you ask us to delete your data, we erase at once everything we are not required to keep; the copies in our encrypted backups are deleted as the backups age out, within 12 months.",
      "This website stores your cart in your browser's local storage so it is still there when you come back, with one small cookie that only says whether a cart is being kept, so the cart page can show straight away. It uses no advertising or tracking cookies.",
    ],
  },
  {
    id: "malpractice-procedures",
    title: "Malpractice Procedures",
    lastUpdated: "21st March 2022",
    signedBy: SIGNATORY,
    body: [
      "Malpractice is any act that puts the integrity of an assessment or a qualification at risk, whether by a learner or by a member of staff: for example copying, impersonation, bringing notes into an exam, or a trainer helping a candidate to answer.",
      "Anyone who suspects malpractice should report it to the centre manager in confidence. We investigate every report promptly and fairly, keep a written record, and inform the awarding body as its rules require.",
      "Where malpractice is proven, results may be withheld or cancelled and further action taken. Learners and staff have the right to see the evidence and to appeal against any decision.",
    ],
  },
  {
    id: "dbs-check",
    title: "DBS Check",
    lastUpdated: "5th April 2022",
    signedBy: SIGNATORY,
    body: [
      "Staff who train or assess learners at {provider} must hold a satisfactory Disclosure and Barring Service (DBS) check. A new member of staff must supply their Disclosure certificate within four days of starting.",
      "Until the certificate has been seen, the new member of staff works under supervision, and their starting-work arrangements are reviewed at least every two weeks until the check is complete.",
      "Employment references must cover the previous three years, and gaps in employment history are discussed at interview. Disclosure information is handled in line with the DBS Code of Practice and kept securely, only as long as needed.",
      "Learners applying for an SIA licence complete their own criminal record check as part of the licence application; we explain this process on the course and help with the application free of charge.",
    ],
  },
  {
    id: "reasonable-adjustments",
    title: "Reasonable Adjustments",
    lastUpdated: "22nd April 2022",
    signedBy: SIGNATORY,
    body: [
      "We want every learner to have a fair chance to show what they know. If you have a disability, a medical condition or a learning difficulty such as dyslexia, tell us when you book or at any time before your exam.",
      "Depending on your needs and the awarding body's rules, adjustments can include extra time, a reader or scribe, larger print papers, rest breaks, or adapted practical exercises. Adjustments never lower the standard of the assessment; they remove barriers to taking it.",
      "We may ask for supporting evidence. Every request is treated in confidence and answered in writing.",
    ],
  },
  {
    id: "diversity-inclusion",
    title: "Diversity and Inclusion",
    lastUpdated: "9th May 2022",
    signedBy: SIGNATORY,
    body: [
      "{provider} welcomes learners and staff of every background. We do not discriminate on the grounds of age, disability, gender reassignment, marriage or civil partnership, pregnancy or maternity, race, religion or belief, sex or sexual orientation.",
      "Our trainers challenge discriminatory language and behaviour in the classroom, and our course material reflects the diverse communities that security staff serve.",
      "Anyone who feels they have been treated unfairly can raise a complaint with the centre manager, who will investigate it and reply in writing.",
    ],
  },
  {
    id: "anti-slavery-policy",
    title: "Anti-Slavery Policy",
    lastUpdated: "27th May 2022",
    signedBy: SIGNATORY,
    body: [
      "{provider} has zero tolerance of modern slavery and human trafficking in its business and supply chain, in line with the Modern Slavery Act 2015.",
      "We pay every member of staff at least the legal minimum wage, check the right to work of everyone we employ, and expect the suppliers and venues we work with to meet the same standards.",
      "Security work can bring staff into contact with victims of exploitation. Our courses teach learners how to recognise the signs of modern slavery and how to report concerns to the police or the Modern Slavery Helpline.",
    ],
  },
];

export const POLICY_DEFAULT_OPEN: Policy["id"] = "health-safety";
