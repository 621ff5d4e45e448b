/**
 * Trainers of course dates (attendee changes, decision 332): the office assigns trainers to each course
 * date; a trainer's registers, enrolments and exports then show only those dates.
 */
import { z } from "zod";
import { adminResponses, c, ErrorSchema, MAX_INT, officeOnly } from "./common";

export const TrainerSchema = z.object({ id: z.number().int(), name: z.string() });
export type Trainer = z.infer<typeof TrainerSchema>;

/** Who teaches a date, and who could (every enabled trainer account). */
export const DateTrainersSchema = z.object({
  course_date_id: z.number().int(),
  assigned: z.array(TrainerSchema),
  available: z.array(TrainerSchema),
});
export type DateTrainers = z.infer<typeof DateTrainersSchema>;

export const SetDateTrainersSchema = z.object({
  user_ids: z.array(z.number().int().positive().max(MAX_INT)).max(20, "Please assign at most 20 trainers"),
});

const DateIdParams = z.object({ dateId: z.coerce.number().int().positive().max(MAX_INT) });

export const trainersContract = c.router({
  dateTrainers: {
    method: "GET",
    path: "/admin/course-dates/:dateId/trainers",
    pathParams: DateIdParams,
    responses: { 200: DateTrainersSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "The trainers assigned to a course date, and the trainer accounts that could be",
  },
  setDateTrainers: {
    method: "PUT",
    path: "/admin/course-dates/:dateId/trainers",
    pathParams: DateIdParams,
    body: SetDateTrainersSchema,
    responses: { 200: DateTrainersSchema, 400: ErrorSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Sets the trainers of a course date (only trainer accounts; logged)",
  },
});
