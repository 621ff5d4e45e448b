/** The courses resource: the public catalogue, the office's training form and catalogue order, repeating dates. */
import { z } from "zod";
import { CourseSeriesInputSchema } from "./course-series";
import { adminResponses, c, ErrorSchema, IdParams, MessageSchema, officeOnly, TEXT_MAX } from "./common";
import { CatalogueChangesSchema, CourseDetailSchema, CourseListItemSchema } from "./course-read";
import { TrainingCreateSchema, TrainingUpdateSchema } from "./training-input";
import {
  AdminCourseDetailSchema,
  AdminCourseListItemSchema,
  CourseHasBookingsSchema,
  CourseOrderInputSchema,
  CourseStatusInputSchema,
} from "./course-admin";

export * from "./course-series";
export * from "./course-read";
export * from "./training-input";
export * from "./course-admin";

export const coursesContract = c.router({
  list: {
    method: "GET",
    path: "/courses",
    responses: { 200: z.array(CourseListItemSchema) },
    summary: "The public catalogue",
  },
  changes: {
    method: "GET",
    path: "/catalogue/changes",
    responses: { 200: CatalogueChangesSchema },
    summary: "When the public catalogue last changed (sitemap lastmod)",
  },
  byId: {
    method: "GET",
    path: "/courses/:id",
    pathParams: IdParams,
    responses: { 200: CourseDetailSchema, 404: ErrorSchema },
  },
  bySlug: {
    method: "GET",
    path: "/courses/slug/:slug",
    pathParams: z.object({ slug: z.string().min(1).max(TEXT_MAX.short) }),
    responses: { 200: CourseDetailSchema, 404: ErrorSchema },
  },
  create: {
    method: "POST",
    path: "/courses",
    body: TrainingCreateSchema,
    responses: { 201: AdminCourseDetailSchema, ...adminResponses },
    metadata: officeOnly,
  },
  update: {
    method: "PUT",
    path: "/courses/:id",
    pathParams: IdParams,
    body: TrainingUpdateSchema,
    responses: { 200: AdminCourseDetailSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  adminList: {
    method: "GET",
    path: "/admin/courses",
    responses: { 200: z.array(AdminCourseListItemSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Every live course, drafts included, in the office's order",
  },
  adminById: {
    method: "GET",
    path: "/admin/courses/:id",
    pathParams: IdParams,
    responses: { 200: AdminCourseDetailSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "A course for editing, draft or published",
  },
  setStatus: {
    method: "PUT",
    path: "/courses/:id/status",
    pathParams: IdParams,
    body: CourseStatusInputSchema,
    responses: { 200: AdminCourseDetailSchema, 404: ErrorSchema, 409: CourseHasBookingsSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Publishes a draft or takes a course back to draft",
  },
  reorder: {
    method: "PUT",
    path: "/admin/courses/order",
    body: CourseOrderInputSchema,
    responses: { 200: z.array(AdminCourseListItemSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Sets the catalogue order (public lists follow it)",
  },
  addSeries: {
    method: "POST",
    path: "/courses/:id/dates/series",
    pathParams: IdParams,
    body: CourseSeriesInputSchema,
    responses: { 201: AdminCourseDetailSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Adds repeating dates with one capacity, in one transaction",
  },
  remove: {
    method: "DELETE",
    path: "/courses/:id",
    pathParams: IdParams,
    /** `confirm=true` after the office saw the bookings (decision 336). */
    query: z.object({ confirm: z.enum(["true", "false"]).optional() }).optional(),
    body: c.noBody(),
    responses: { 200: MessageSchema, 404: ErrorSchema, 409: CourseHasBookingsSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Removes the course from the catalogue; orders keep their snapshot",
  },
});
