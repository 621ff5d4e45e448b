/**
 * Version 0 of every section (decision 361): the site's words on the day the Website area
 * landed, copied from apps/site/src/content and the placeholder identity, so nothing changes for
 * visitors until the office publishes. Generated once; edit through the portal, not here.
 */
import type { WebsiteBodies } from "@app/contract";

export const WEBSITE_DEFAULTS: WebsiteBodies = {
  identity: {
    name: "Merseyside Door & Guard Training",
    shortName: "MDGT",
    street: "Unit 4, 12 Example Dock Road",
    locality: "Bootle",
    region: "Merseyside",
    postcode: "L20 0XX",
    country: "United Kingdom",
    area: "Liverpool",
    phone: "0151 496 0321",
    mobile: "07700 900321",
    email: "bookings@example.com",
    whatsappUrl: "https://wa.me/447700900321",
    communityUrl: "https://community.example.com/join/mdgt-students",
    facebook: "https://facebook.example.com/mdgt",
    twitter: "https://twitter.example.com/mdgt",
    instagram: "https://instagram.example.com/mdgt",
    youtube: "https://youtube.example.com/@mdgt",
    openingHours: ["Monday to Saturday, 8am to 6pm"],
  },
  home: {
    heroTitle: "Get your SIA licence.",
    heroAccent: "Start earning.",
    heroText:
      "Door supervisor, CCTV, refresher and first aid courses run by a family who have worked in security for over 30 years. Small groups, free unlimited retakes and help with your licence application.",
    steps: [
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
    ],
    reasons: [
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
    ],
  },
  about: {
    subtitle:
      "A family-run training centre in Bootle, helping people across Merseyside into secure, well-paid work since the day we opened.",
    whoTitle: "Security people who became trainers",
    whoText:
      "{provider} was set up by a family who spent their working lives in security: on the doors of Liverpool's busiest venues, in CCTV control rooms and looking after people at concerts and matches. Between us we bring over 30 years of experience to every course.\n\nFor {years} we have trained door supervisors, CCTV operators and security guards from our centre in Bootle. We keep groups small, so everyone gets time with the trainer and nobody is left behind.",
    whatTitle: "Everything you need for your SIA licence",
    whatText:
      "We run SIA-approved Door Supervisor and CCTV Operator courses, the refreshers and top-ups you need to renew a licence, and Emergency First Aid at Work. We also arrange close protection, personal licence and paediatric first aid training.\n\n- Instant exam results on the day, certificate within 4 working days\n- Free unlimited retakes\n- Free help with your SIA account and licence application\n- Fully funded places for jobseekers and people on a low income",
  },
  contact: {
    subtitle:
      "Questions about a course, a date or funding? Our team has over 30 years of combined experience in the security industry and is happy to help.",
  },
  faq: {
    items: [
      {
        id: "training-available",
        question: "What training courses do you offer?",
        answer:
          "We run the SIA Door Supervisor course, the CCTV Operator (Public Space Surveillance) course, Door Supervisor and Security Guard refreshers and top-ups, and Emergency First Aid at Work. We also arrange close protection, personal licence and paediatric first aid courses.\n\nEvery licence-linked course is SIA-approved and leads to the qualification you need to apply for your licence.",
      },
      {
        id: "prices",
        question: "How much do your courses cost?",
        answer:
          "{prices}\n\nPrices include your exams and free unlimited retakes. If you are a jobseeker or on a low income, your training may be fully funded: ask us before you book.",
      },
      {
        id: "location",
        question: "Where is your training centre?",
        answer: "{location}",
      },
      {
        id: "failing-exam",
        question: "What happens if I fail an exam?",
        answer:
          "Nothing to worry about. Retakes are free and unlimited: our trainers go through what went wrong with you and book your next attempt as soon as you are ready.",
      },
      {
        id: "start-working",
        question: "How soon can I start working?",
        answer:
          "You get your exam results on the day, and your results and certificate within 4 working days. You can then apply for your SIA licence, which usually arrives in about 4-6 weeks. We help you set up your SIA account and the application free of charge.",
      },
      {
        id: "entry-requirements",
        question: "What do I need to join a course?",
        answer:
          "You must be 18 or over, have the right to work in the UK and speak, read and write English at Level 1 (basic English). Bring photo ID and proof of address on the first day.\n\nThe SIA licence itself also needs a DBS (criminal record) check, which is part of the licence application.",
      },
      {
        id: "no-experience",
        question: "I have no experience in security. Can I still take a course?",
        answer:
          "Yes. Most of our learners start with no experience at all. The courses teach everything from the law and your responsibilities to conflict management and practical skills, and our trainers have over 30 years' experience of the industry between them.",
      },
    ],
  },
  policies: {
    items: [
      {
        id: "health-safety",
        title: "Health and Safety",
        body: "{provider} is committed to providing a safe and healthy place to learn and work for every learner, member of staff and visitor to our training centre.\n\nWe assess the risks of every course we deliver, including the practical physical intervention and first aid sessions, and review those assessments at least once a year or whenever a course or the premises change. Trainers brief learners on fire exits, first aid arrangements and the safe conduct of practical exercises at the start of each course.\n\nPhysical intervention is practised only under the direct supervision of a qualified trainer, on suitable mats, with warm-up exercises first. Any learner may stop an exercise at any time. Accidents and near misses are recorded and investigated so that they do not happen again.\n\nEveryone on our premises has a duty to take reasonable care of themselves and others and to report hazards to a member of staff straight away.",
        signedBy: "R. Example, Managing Director",
        signedOn: "2022-02-14",
      },
      {
        id: "privacy-policy",
        title: "Privacy Policy",
        body: "{provider} collects only the personal information it needs to book, deliver and certificate your training: your name, contact details, address, the course you book and, where an awarding body requires it, copies of your identity documents.\n\nWe use this information to manage your booking, to register you with the awarding body, to issue your certificate and to answer your questions. We never sell your data. Payments are handled by our payment provider; we do not see or store your card details.\n\nWe keep learner records for as long as the awarding body and the law require, and no longer. You may ask to see the information we hold about you, to have it corrected, or to have it deleted where we are not required to keep it, by contacting us at the e-mail address on our contact page.\n\nThis website stores your cart in your browser's local storage so it is still there when you come back, with one small cookie that only says whether a cart is being kept, so the cart page can show straight away. It uses no advertising or tracking cookies.",
        signedBy: "R. Example, Managing Director",
        signedOn: "2022-03-02",
      },
      {
        id: "malpractice-procedures",
        title: "Malpractice Procedures",
        body: "Malpractice is any act that puts the integrity of an assessment or a qualification at risk, whether by a learner or by a member of staff: for example copying, impersonation, bringing notes into an exam, or a trainer helping a candidate to answer.\n\nAnyone who suspects malpractice should report it to the centre manager in confidence. We investigate every report promptly and fairly, keep a written record, and inform the awarding body as its rules require.\n\nWhere malpractice is proven, results may be withheld or cancelled and further action taken. Learners and staff have the right to see the evidence and to appeal against any decision.",
        signedBy: "R. Example, Managing Director",
        signedOn: "2022-03-21",
      },
      {
        id: "dbs-check",
        title: "DBS Check",
        body: "Staff who train or assess learners at {provider} must hold a satisfactory Disclosure and Barring Service (DBS) check. A new member of staff must supply their Disclosure certificate within four days of starting.\n\nUntil the certificate has been seen, the new member of staff works under supervision, and their starting-work arrangements are reviewed at least every two weeks until the check is complete.\n\nEmployment references must cover the previous three years, and gaps in employment history are discussed at interview. Disclosure information is handled in line with the DBS Code of Practice and kept securely, only as long as needed.\n\nLearners applying for an SIA licence complete their own criminal record check as part of the licence application; we explain this process on the course and help with the application free of charge.",
        signedBy: "R. Example, Managing Director",
        signedOn: "2022-04-05",
      },
      {
        id: "reasonable-adjustments",
        title: "Reasonable Adjustments",
        body: "We want every learner to have a fair chance to show what they know. If you have a disability, a medical condition or a learning difficulty such as dyslexia, tell us when you book or at any time before your exam.\n\nDepending on your needs and the awarding body's rules, adjustments can include extra time, a reader or scribe, larger print papers, rest breaks, or adapted practical exercises. Adjustments never lower the standard of the assessment; they remove barriers to taking it.\n\nWe may ask for supporting evidence. Every request is treated in confidence and answered in writing.",
        signedBy: "R. Example, Managing Director",
        signedOn: "2022-04-22",
      },
      {
        id: "diversity-inclusion",
        title: "Diversity and Inclusion",
        body: "{provider} welcomes learners and staff of every background. We do not discriminate on the grounds of age, disability, gender reassignment, marriage or civil partnership, pregnancy or maternity, race, religion or belief, sex or sexual orientation.\n\nOur trainers challenge discriminatory language and behaviour in the classroom, and our course material reflects the diverse communities that security staff serve.\n\nAnyone who feels they have been treated unfairly can raise a complaint with the centre manager, who will investigate it and reply in writing.",
        signedBy: "R. Example, Managing Director",
        signedOn: "2022-05-09",
      },
      {
        id: "anti-slavery-policy",
        title: "Anti-Slavery Policy",
        body: "{provider} has zero tolerance of modern slavery and human trafficking in its business and supply chain, in line with the Modern Slavery Act 2015.\n\nWe pay every member of staff at least the legal minimum wage, check the right to work of everyone we employ, and expect the suppliers and venues we work with to meet the same standards.\n\nSecurity work can bring staff into contact with victims of exploitation. Our courses teach learners how to recognise the signs of modern slavery and how to report concerns to the police or the Modern Slavery Helpline.",
        signedBy: "R. Example, Managing Director",
        signedOn: "2022-05-27",
      },
    ],
  },
  reviews: {
    items: [
      {
        name: "Jordan M.",
        rating: 5,
        date: "2025-01-18",
        text: "Booked the door supervisor course on a Monday and sat in the classroom that Friday. The trainers kept it practical and I had my results before I got home.",
        source: "",
      },
      {
        name: "Aisha K.",
        rating: 5,
        date: "2025-01-09",
        text: "I was nervous about the physical intervention part but the instructor took it step by step. Passed everything first time and they helped me fill in the SIA application.",
        source: "",
      },
      {
        name: "Liam O.",
        rating: 5,
        date: "2024-12-14",
        text: "Did my refresher here after my licence lapsed. Two days, no fuss, certificate came through in three working days. Good brews too.",
        source: "",
      },
      {
        name: "Sophie R.",
        rating: 4,
        date: "2024-12-02",
        text: "The CCTV course was well run with real control room kit. Only wish the car park was bigger, but the centre is easy to reach from Bootle station.",
        source: "",
      },
      {
        name: "Daniel W.",
        rating: 5,
        date: "2024-11-21",
        text: "I was out of work and they sorted fully funded training for me. A month later I was on shifts at a venue in town. Can't thank them enough.",
        source: "",
      },
      {
        name: "Chloe B.",
        rating: 5,
        date: "2024-11-05",
        text: "Clear, friendly and straight to the point. The revision portal was a big help the night before the exams.",
        source: "",
      },
      {
        name: "Mohammed A.",
        rating: 5,
        date: "2024-10-28",
        text: "English is my second language and I worried about the written exams. The trainers explained everything patiently and I passed. Highly recommend.",
        source: "",
      },
      {
        name: "Ryan T.",
        rating: 4,
        date: "2024-10-12",
        text: "Solid course with trainers who have actually worked the doors. The first aid day fitted straight after, which saved me a second trip.",
        source: "",
      },
      {
        name: "Hannah P.",
        rating: 5,
        date: "2024-09-30",
        text: "Booked online in five minutes and got a confirmation e-mail straight away telling me what ID to bring. Very organised from start to finish.",
        source: "",
      },
      {
        name: "Kieran D.",
        rating: 5,
        date: "2024-09-16",
        text: "Failed one module first time and they rebooked me for free the next week. No pressure, just support. Licence arrived five weeks later.",
        source: "",
      },
      {
        name: "Grace N.",
        rating: 5,
        date: "2024-09-03",
        text: "A proper family-run place: they remembered my name and checked in on my licence application afterwards. Would book again for my top-up.",
        source: "",
      },
    ],
  },
  banner: {
    text: "",
    startsOn: null,
    endsOn: null,
  },
  news: {
    items: [],
  },
};
