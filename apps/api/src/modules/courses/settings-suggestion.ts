/**
 * The settings a new course starts with, read once from its title when the office creates it
 * (decision 369): door supervisor, security guard/officer, CCTV/public space surveillance and close
 * protection lead to SIA licences; "refresher" or "top-up" renews one; front-line licences other
 * than CCTV need first aid. The office sees and changes them on the training's page, and from then
 * on they are the course's own: renaming a course changes nothing.
 */
import type { CourseSettings, LicenceKind } from "@app/contract";

function licenceOfTitle(title: string): LicenceKind | null {
  if (/door\s+supervis/i.test(title)) return "door_supervisor";
  if (/security\s+(guard|officer)/i.test(title)) return "security_guard";
  if (/\bcctv\b|public\s+space\s+surveillance/i.test(title)) return "cctv";
  if (/close\s+protection/i.test(title)) return "close_protection";
  return null;
}

export function suggestedSettings(title: string): CourseSettings {
  const licence = licenceOfTitle(title);
  return {
    licence,
    licence_renewal: licence !== null && /refresher|top[\s-]?ups?\b/i.test(title),
    first_aid_required: licence !== null && licence !== "cctv",
    learner_form: licence !== null,
    side_box_benefits: null,
    assessment_text: null,
  };
}
