/**
 * The seeded courses' settings (decision 369): the licence each leads to or renews, first aid and
 * the learner form for front-line licences, and their own course-page texts where the site-wide
 * wording (search techniques, SIA applications) does not fit. Migration 0033 gives existing
 * databases the same.
 */
import type { CourseSettings } from "@app/contract";

const licenceCourse = (licence: NonNullable<CourseSettings["licence"]>, renewal = false): CourseSettings => ({
  licence,
  licence_renewal: renewal,
  first_aid_required: licence !== "cctv",
  learner_form: true,
  side_box_benefits: null,
  assessment_text: null,
});

const FIRST_AID_TEXTS = {
  assessment_text:
    "You will be assessed throughout the course by your trainer through practical demonstrations of first aid skills (including CPR on a manikin) and a short multiple-choice paper.",
  side_box_benefits: [
    "Practical training with manikins and first aid kits",
    "Certificate valid for 3 years",
    "Results on the day",
    "Certificate within 4 working days",
  ],
};

const noLicence = (texts: Pick<CourseSettings, "assessment_text" | "side_box_benefits">): CourseSettings => ({
  licence: null,
  licence_renewal: false,
  first_aid_required: false,
  learner_form: false,
  ...texts,
});

/** By the seed course's key (catalogue-data.ts). */
export const SEED_COURSE_SETTINGS: Record<string, CourseSettings> = {
  ds: licenceCourse("door_supervisor"),
  cctv: licenceCourse("cctv"),
  dsr: licenceCourse("door_supervisor", true),
  sgr: licenceCourse("security_guard", true),
  efaw: noLicence(FIRST_AID_TEXTS),
  sgtu: licenceCourse("security_guard", true),
  dstu: licenceCourse("door_supervisor", true),
  cp: licenceCourse("close_protection"),
  pl: noLicence({
    assessment_text:
      "You will be assessed by a 40-question multiple-choice exam at the end of the day, set by the awarding body.",
    side_box_benefits: [
      "Course book sent before the day",
      "Exam on the day",
      "Results and certificate within 4 working days",
      "Help applying for your personal licence to the local council",
    ],
  }),
  pfa: noLicence(FIRST_AID_TEXTS),
};
