/**
 * FAQ (spec §2: 7 questions, question 2 open initially). Our own answers, built on the
 * published facts of spec §9.
 */
export interface FaqItem {
  id: string;
  question: string;
  answer: string[];
}

/** Markers for the answers written from the catalogue and the provider's configuration. */
export const FAQ_PRICES = "{prices}";
export const FAQ_LOCATION = "{location}";

export const FAQ: readonly FaqItem[] = [
  {
    id: "training-available",
    question: "What training courses do you offer?",
    answer: [
      "We run the SIA Door Supervisor course, the CCTV Operator (Public Space Surveillance) course, Door Supervisor and Security Guard refreshers and top-ups, and Emergency First Aid at Work. We also arrange close protection, personal licence and paediatric first aid courses.",
      "Every licence-linked course is SIA-approved and leads to the qualification you need to apply for your licence.",
    ],
  },
  {
    id: "prices",
    question: "How much do your courses cost?",
    answer: [
      // Replaced by the catalogue's prices where shown (FaqSection, lib/catalogue-copy.ts): never a price in copy.
      FAQ_PRICES,
      "Prices include your exams and free unlimited retakes. If you are a jobseeker or on a low income, your training may be fully funded: ask us before you book.",
    ],
  },
  {
    id: "location",
    question: "Where is your training centre?",
    answer: [
      // Replaced by the configured address where shown (FaqSection).
      FAQ_LOCATION,
    ],
  },
  {
    id: "failing-exam",
    question: "What happens if I fail an exam?",
    answer: [
      "Nothing to worry about. Retakes are free and unlimited: our trainers go through what went wrong with you and book your next attempt as soon as you are ready.",
    ],
  },
  {
    id: "start-working",
    question: "How soon can I start working?",
    answer: [
      "You get your exam results on the day, and your results and certificate within 4 working days. You can then apply for your SIA licence, which usually arrives in about 4-6 weeks. We help you set up your SIA account and the application free of charge.",
    ],
  },
  {
    id: "entry-requirements",
    question: "What do I need to join a course?",
    answer: [
      "You must be 18 or over, have the right to work in the UK and speak, read and write English at Level 1 (basic English). Bring photo ID and proof of address on the first day.",
      "The SIA licence itself also needs a DBS (criminal record) check, which is part of the licence application.",
    ],
  },
  {
    id: "no-experience",
    question: "I have no experience in security. Can I still take a course?",
    answer: [
      "Yes. Most of our learners start with no experience at all. The courses teach everything from the law and your responsibilities to conflict management and practical skills, and our trainers have over 30 years' experience of the industry between them.",
    ],
  },
];

/** Spec §2: question 2 is open when the page loads. */
export const FAQ_DEFAULT_OPEN = FAQ[1]!.id;
