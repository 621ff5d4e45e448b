/**
 * The seeded catalogue: the spec's courses with their copy, dates, add-ons and prices. Long
 * because it is data; seed/catalogue.ts writes it to the database.
 */
import type { ThumbnailIcon } from "./thumbnails";

export type SeedCourse = {
  key: string;
  title: string;
  slug: string;
  short: string;
  subtitle: string;
  icon: ThumbnailIcon;
  feePence: number;
  duration: string;
  /** Calendar days a date spans. */
  days: number;
  time: "9 am - 6pm" | "10 am - 5pm" | "8 am - 4pm";
  capacity: number;
  /** Days between consecutive dates. */
  every: number;
  /** First date this many days after the coming Monday. */
  offset: number;
  description: string;
  addOns: { name: string; pricePence: number; description: string }[];
  units: string[];
  keyPoints: { title: string; details: string }[];
};

const ID_POINT = {
  title: "What to bring",
  details: "Two forms of identification from the SIA's approved list (one with a photo), proof of address, and a pen.",
};
const RESULTS_POINT = {
  title: "Results and certificate",
  details: "Exam results on the day; your certificate follows within 4 working days.",
};
const EFAW_ADDON = {
  name: "Emergency First Aid at Work (EFAW)",
  pricePence: 6000,
  description: "The one-day first aid qualification the SIA requires before you apply for a front-line licence.",
};

export const SEED_COURSES: SeedCourse[] = [
  {
    key: "ds",
    title: "SIA Door Supervisor Course",
    slug: "sia-door-supervisor-course",
    short: "Door Supervisor",
    subtitle: "Level 2 Award · 6 days",
    icon: "shield",
    feePence: 25000,
    duration: "6 Days",
    days: 6,
    time: "9 am - 6pm",
    capacity: 12,
    every: 14,
    offset: 0,
    description:
      "Our Level 2 Award for Door Supervisors in the Private Security Industry is the qualification you need to apply for an SIA door supervisor licence. Over six days our trainers cover the law, customer care, searching, conflict management and physical intervention, with plenty of practical work in our Bootle centre. Door supervisors work at pubs, clubs, events, retail and corporate sites, and a door supervisor licence also lets you work as a security guard. Unlimited free exam retakes are included, and we help you set up your SIA account and apply for your licence once you pass.",
    addOns: [
      EFAW_ADDON,
      {
        name: "Printed course workbook",
        pricePence: 1500,
        description: "A printed copy of the course notes to keep and revise from.",
      },
      {
        name: "One-to-one revision session",
        pricePence: 3500,
        description: "An hour with a trainer before the exams to go over anything you are unsure about.",
      },
    ],
    units: [
      "Principles of Working in the Private Security Industry",
      "Principles of Working as a Door Supervisor in the Private Security Industry",
      "Application of Conflict Management in the Private Security Industry",
      "Application of Physical Intervention Skills in the Private Security Industry",
    ],
    keyPoints: [
      {
        title: "Entry requirements",
        details: "You must be 18 or over, have the right to work in the UK and speak and write English at Level 1.",
      },
      {
        title: "Unlimited retakes",
        details: "If you do not pass an exam first time, you can retake it free of charge as often as you need.",
      },
      ID_POINT,
      RESULTS_POINT,
    ],
  },
  {
    key: "cctv",
    title: "CCTV Operator Course",
    slug: "cctv-operator-course",
    short: "CCTV Operator",
    subtitle: "Public Space Surveillance · 3 days",
    icon: "camera",
    feePence: 25000,
    duration: "3 Days",
    days: 3,
    time: "9 am - 6pm",
    capacity: 10,
    every: 21,
    offset: 7,
    description:
      "The Level 2 Award for CCTV Operators (Public Space Surveillance) qualifies you to apply for an SIA public space surveillance licence. You will learn how control rooms work, the laws on data protection and surveillance, and how to operate cameras, track people and record incidents properly. Much of the course is hands-on with real control-room equipment, and it ends with a practical assessment and a multiple-choice exam.",
    addOns: [
      {
        name: "Printed course workbook",
        pricePence: 1500,
        description: "A printed copy of the course notes to keep and revise from.",
      },
    ],
    units: [
      "Principles of Working in the Private Security Industry",
      "Principles and Practices of Working as a CCTV Operator in the Private Security Industry",
      "Practical Operation of CCTV Equipment in the Private Security Industry",
    ],
    keyPoints: [
      {
        title: "Entry requirements",
        details: "You must be 18 or over, with the right to work in the UK and English at Level 1.",
      },
      { title: "Practical assessment", details: "You will operate live cameras and complete an incident log under assessment." },
      ID_POINT,
      RESULTS_POINT,
    ],
  },
  {
    key: "dsr",
    title: "Door Supervisor Refresher",
    slug: "door-supervisor-refresher",
    short: "DS Refresher",
    subtitle: "Licence renewal · 2 days",
    icon: "refresh",
    feePence: 15000,
    duration: "2 Days",
    days: 2,
    time: "9 am - 6pm",
    capacity: 12,
    every: 14,
    offset: 3,
    description:
      "Renewing your door supervisor licence? The SIA requires licence holders to complete the refresher training before they renew. This two-day course brings you up to date on terror awareness, emergency first response and physical intervention, and ends with the assessments you need to renew with confidence.",
    addOns: [EFAW_ADDON],
    units: [
      "Principles of Terror Threat Awareness",
      "Application of Physical Intervention Skills",
      "Principles of Working as a Door Supervisor (refresher)",
    ],
    keyPoints: [
      { title: "Who it is for", details: "Current or recently expired SIA door supervisor licence holders." },
      {
        title: "First aid",
        details: "You need a valid first aid certificate to renew: add our EFAW course if yours has lapsed.",
      },
      ID_POINT,
    ],
  },
  {
    key: "sgr",
    title: "Security Guard Refresher",
    slug: "security-guard-refresher",
    short: "SG Refresher",
    subtitle: "Licence renewal · 1 day",
    icon: "refresh",
    feePence: 10000,
    duration: "1 Day",
    days: 1,
    time: "9 am - 6pm",
    capacity: 12,
    every: 14,
    offset: 10,
    description:
      "A one-day refresher for security officers renewing their SIA security guard licence. We cover terror threat awareness, the latest guidance on safe working, and the knowledge checks the SIA now expects at renewal, so you can keep working without a gap.",
    addOns: [EFAW_ADDON],
    units: ["Principles of Terror Threat Awareness", "Principles of Working as a Security Officer (refresher)"],
    keyPoints: [{ title: "Who it is for", details: "Current or recently expired SIA security guard licence holders." }, ID_POINT],
  },
  {
    key: "efaw",
    title: "Emergency First Aid at Work",
    slug: "emergency-first-aid-at-work",
    short: "First Aid at Work",
    subtitle: "EFAW Level 3 · 1 day",
    icon: "cross",
    feePence: 10000,
    duration: "1 Day",
    days: 1,
    time: "9 am - 6pm",
    capacity: 12,
    every: 7,
    offset: 1,
    description:
      "The Level 3 Award in Emergency First Aid at Work teaches you to act safely and confidently when someone is injured or taken ill at work: CPR, using a defibrillator, choking, bleeding, shock and more. It is the first aid certificate the SIA requires for door supervisor and security guard licences, and it is valid for three years.",
    addOns: [
      { name: "Pocket resuscitation face shield", pricePence: 500, description: "A keyring CPR face shield to carry on shift." },
    ],
    units: ["Emergency First Aid in the Workplace"],
    keyPoints: [
      { title: "Valid for three years", details: "Accepted by the SIA for licence applications and renewals." },
      { title: "Practical", details: "Hands-on CPR and defibrillator practice on training manikins." },
      RESULTS_POINT,
    ],
  },
  {
    key: "sgtu",
    title: "Security Guard Top-Ups",
    slug: "security-guard-top-ups",
    short: "SG Top-Up",
    subtitle: "For licence renewal · 2 days",
    icon: "plus",
    feePence: 12500,
    duration: "2 Days",
    days: 2,
    time: "10 am - 5pm",
    capacity: 12,
    every: 21,
    offset: 4,
    description:
      "If you qualified as a security guard before the SIA's 2021 changes, you need the top-up training before you can renew your licence. This course adds the newer units on terror threat awareness and first aid awareness to your existing qualification.",
    addOns: [EFAW_ADDON],
    units: ["Principles of Terror Threat Awareness", "Principles of Working as a Security Officer (top-up)"],
    keyPoints: [
      { title: "Who it is for", details: "Security guards who qualified before April 2021 and are renewing." },
      ID_POINT,
    ],
  },
  {
    key: "dstu",
    title: "Door Supervision Top-Up",
    slug: "door-supervision-top-up",
    short: "DS Top-Up",
    subtitle: "For licence renewal · 2 days",
    icon: "plus",
    feePence: 15000,
    duration: "2 Days",
    days: 2,
    time: "10 am - 5pm",
    capacity: 12,
    every: 21,
    offset: 11,
    description:
      "Door supervisors who qualified before the SIA's 2021 changes need this top-up course to renew. It covers terror threat awareness, updated physical intervention techniques and emergency first response, taught by trainers who have worked the doors themselves.",
    addOns: [EFAW_ADDON],
    units: ["Principles of Terror Threat Awareness", "Application of Physical Intervention Skills (top-up)"],
    keyPoints: [
      { title: "Who it is for", details: "Door supervisors who qualified before April 2021 and are renewing." },
      ID_POINT,
    ],
  },
  {
    key: "cp",
    title: "Close Protection Course",
    slug: "close-protection-course",
    short: "Close Protection",
    subtitle: "Level 3 Certificate · 14 days",
    icon: "person",
    feePence: 185000,
    duration: "14 Days",
    days: 14,
    time: "8 am - 4pm",
    capacity: 8,
    every: 35,
    offset: 14,
    description:
      "The Level 3 Certificate for Working as a Close Protection Operative is the qualification behind an SIA close protection licence. Over two weeks you will plan routes and venues, practise foot drills and vehicle embarkation, carry out threat and risk assessments and work as part of a protection team, finishing with realistic scenario assessments.",
    addOns: [
      {
        name: "First Aid for close protection (FREC 3)",
        pricePence: 39500,
        description: "The advanced first aid qualification the SIA requires for close protection.",
      },
      { name: "Printed course workbook", pricePence: 2500, description: "A printed copy of the course notes to keep." },
    ],
    units: [
      "Principles of Working as a Close Protection Operative",
      "Principles of Working as a Close Protection Operative (planning and reconnaissance)",
      "Application of Conflict Management",
      "Working as a Close Protection Operative (practical)",
    ],
    keyPoints: [
      {
        title: "First aid requirement",
        details: "You need a Level 3 first aid qualification (FREC 3 or equivalent) to apply for a close protection licence.",
      },
      { title: "Small groups", details: "No more than eight learners per course so everyone gets scenario time." },
      ID_POINT,
    ],
  },
  {
    key: "pl",
    title: "Personal Licence (APLH)",
    slug: "personal-licence-aplh",
    short: "Personal Licence",
    subtitle: "Level 2 APLH · 1 day",
    icon: "glass",
    feePence: 12500,
    duration: "1 Day",
    days: 1,
    time: "10 am - 5pm",
    capacity: 14,
    every: 21,
    offset: 2,
    description:
      "The Level 2 Award for Personal Licence Holders is the qualification you need to apply to your local council for a personal licence to sell alcohol. A one-day course covering the Licensing Act, the four licensing objectives, the role of the designated premises supervisor and how to deal with the police and licensing authority.",
    addOns: [],
    units: ["Licensing law and the licensing objectives", "The role of the personal licence holder"],
    keyPoints: [{ title: "Exam on the day", details: "A 40-question multiple-choice exam at the end of the course." }, ID_POINT],
  },
  {
    key: "pfa",
    title: "Paediatric First Aid",
    slug: "paediatric-first-aid",
    short: "Paediatric First Aid",
    subtitle: "Level 3 · 2 days",
    icon: "heart",
    feePence: 13000,
    duration: "2 Days",
    days: 2,
    time: "9 am - 6pm",
    capacity: 12,
    every: 28,
    offset: 8,
    description:
      "A two-day Level 3 Award in Paediatric First Aid for anyone looking after babies and children: nursery staff, childminders, nannies and parents. It meets the Early Years Foundation Stage requirements and covers CPR for infants and children, choking, allergic reactions, burns and common childhood illnesses.",
    addOns: [],
    units: ["Emergency Paediatric First Aid", "Managing Paediatric Illness, Injuries and Emergencies"],
    keyPoints: [
      { title: "Meets EYFS requirements", details: "Accepted by Ofsted for early years settings." },
      { title: "Valid for three years", details: "We recommend an annual refresher to keep your skills sharp." },
    ],
  },
];
