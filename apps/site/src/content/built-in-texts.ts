/**
 * The words built into the site (the API's version 0, decision 361), as the texts a page is
 * rendered with when the API did not answer. Server and tests only: the browser always gets the
 * texts with the page's data, so none of these words are in its scripts (the phone budget).
 */
import type { SiteTexts } from "../lib/website";
import { escapeHtml } from "../lib/seo";
import { FAQ } from "./faq";
import { REVIEWS } from "./reviews";

const STEPS = [
  {
    title: "Book your training",
    text: "Pick a course and a date that suits you, add it to your cart and pay securely online in minutes.",
  },
  {
    title: "Get your licence",
    text: "Results and certificate within 4 working days, then we help you apply. Your SIA licence usually arrives in 4-6 weeks.",
  },
  {
    title: "Start earning",
    text: "Work on doors, at events, in retail or in a CCTV control room across Merseyside and beyond.",
  },
];

const REASONS = [
  {
    title: "Over 30 years' experience",
    text: "Our trainers have worked the doors, the control rooms and the events they teach you about.",
  },
  {
    title: "Free unlimited retakes",
    text: "Didn't pass first time? Retake the exam at no extra cost until you do.",
  },
  {
    title: "Results in 4 working days",
    text: "Instant exam results on the day, then your results and certificate within 4 working days.",
  },
  {
    title: "SIA-approved courses",
    text: "Every licence-linked course leads to the qualification the SIA asks for.",
  },
  {
    title: "Funded places",
    text: "Jobseekers and people on a low income may get their training fully funded. Ask us how.",
  },
  {
    title: "Centre in Bootle",
    text: "Easy to reach from Liverpool city centre by bus or Merseyrail, with parking nearby.",
  },
];

const paragraphs = (ps: readonly string[]) => ps.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");

export function builtInTexts(): SiteTexts {
  return {
    home: {
      heroTitle: "Get your SIA licence.",
      heroAccent: "Start earning.",
      heroText:
        "Door supervisor, CCTV, refresher and first aid courses run by a family who have worked in security for over 30 years. Small groups, free unlimited retakes and help with your licence application.",
      steps: STEPS,
      reasons: REASONS,
    },
    about: {
      subtitle:
        "A family-run training centre in Bootle, helping people across Merseyside into secure, well-paid work since the day we opened.",
      whoTitle: "Security people who became trainers",
      whoTextHtml: paragraphs([
        "{provider} was set up by a family who spent their working lives in security: on the doors of Liverpool's busiest venues, in CCTV control rooms and looking after people at concerts and matches. Between us we bring over 30 years of experience to every course.",
        "For {years} we have trained door supervisors, CCTV operators and security guards from our centre in Bootle. We keep groups small, so everyone gets time with the trainer and nobody is left behind.",
      ]),
      whatTitle: "Everything you need for your SIA licence",
      whatTextHtml: `${paragraphs([
        "We run SIA-approved Door Supervisor and CCTV Operator courses, the refreshers and top-ups you need to renew a licence, and Emergency First Aid at Work. We also arrange close protection, personal licence and paediatric first aid training.",
      ])}\n<ul>\n${[
        "Instant exam results on the day, certificate within 4 working days",
        "Free unlimited retakes",
        "Free help with your SIA account and licence application",
        "Fully funded places for jobseekers and people on a low income",
      ]
        .map((li) => `<li>${escapeHtml(li)}</li>`)
        .join("\n")}\n</ul>`,
    },
    contact: {
      subtitle:
        "Questions about a course, a date or funding? Our team has over 30 years of combined experience in the security industry and is happy to help.",
    },
    faq: FAQ.map((f) => ({ id: f.id, question: f.question, answerHtml: paragraphs(f.answer) })),
    reviews: REVIEWS.map((r) => ({ name: r.name, rating: r.rating, date: r.date, text: r.text, source: "" })),
    banner: { textHtml: "", startsOn: null, endsOn: null },
    openingHours: ["Monday to Saturday, 8am to 6pm"],
    preview: false,
    publishedAt: {},
  };
}
