import { initServer } from "@ts-rest/fastify";
import { contract, type CourseDetail, type CourseListItem } from "@app/contract";
import type { Session } from "../../plugins/auth";
import { cachedBody, cachedRead } from "./catalogue-cache";
import {
  catalogueChanges,
  composeDetail,
  composeList,
  getCourseDetail,
  getCourseRecord,
  listCoursesBase,
  type CourseListBase,
} from "./repository";
import { listCoursesForOffice } from "./office-repository";
import { withdrawnCourseDetail } from "./withdrawn";
import { addCourseSeries, archiveCourse, createCourse, reorderCourses, setCourseStatus, updateCourse } from "./service";

const s = initServer();

const actorOf = (request: { session: Session | null }) => ({ id: request.session!.user.id, name: request.session!.user.name });

const detailHook = (by: "id" | "slug") =>
  cachedRead<CourseDetail | null>(
    (req) => `course:${by}:${(req.params as Record<string, string>)[by]}`,
    async (req) => {
      const raw = (req.params as Record<string, string>)[by] ?? "";
      if (by === "id" && !/^\d{1,9}$/.test(raw)) return null;
      const detail = await getCourseDetail(req.server.db, by === "id" ? { id: Number(raw) } : { slug: raw }, req.server.now());
      // A withdrawn course's page stays for the people who booked it (decision 369).
      return detail ?? (by === "slug" ? withdrawnCourseDetail(req.server.db, raw, req.server.now()) : null);
    },
    // Places left from the instance's seat snapshot (decision 130): a booking does not rebuild the detail.
    (detail, seats) => composeDetail(detail, seats.left),
  );

export const coursesRouter = s.router(contract.courses, {
  list: {
    hooks: {
      preHandler: cachedRead<CourseListItem[], CourseListBase>(
        () => "courses",
        (req) => listCoursesBase(req.server.db, req.server.now()),
        (base, seats) => composeList(base, seats.left),
      ) as never,
    },
    handler: async ({ request }) => ({ status: 200, body: cachedBody<CourseListItem[]>(request) }),
  },
  changes: async ({ request }) => ({ status: 200, body: await catalogueChanges(request.server.db) }),
  byId: {
    hooks: { preHandler: detailHook("id") as never },
    handler: async ({ request }) => {
      const body = cachedBody<CourseDetail | null>(request);
      return body ? { status: 200, body } : { status: 404, body: { message: "Course not found" } };
    },
  },
  bySlug: {
    hooks: { preHandler: detailHook("slug") as never },
    handler: async ({ request }) => {
      const body = cachedBody<CourseDetail | null>(request);
      return body ? { status: 200, body } : { status: 404, body: { message: "Course not found" } };
    },
  },
  create: async ({ body, request }) => ({
    status: 201,
    body: await createCourse(request.server.db, body, actorOf(request), request.server.now()),
  }),
  update: async ({ params, body, request }) => {
    const course = await updateCourse(request.server.db, params.id, body, actorOf(request), request.server.now());
    // A raised capacity (or a new date) may free places for a waiting list (issue 15).
    await request.server.waitlist.placesMayHaveFreed(course.courseDates.map((d) => d.id));
    return { status: 200, body: course };
  },
  adminList: async ({ request }) => ({ status: 200, body: await listCoursesForOffice(request.server.db, request.server.now()) }),
  adminById: async ({ params, request }) => {
    // Upcoming open dates, like the public page the edit form started from (past dates stay untouched on save).
    const body = await getCourseRecord(request.server.db, { id: params.id }, request.server.now(), { includeDrafts: true });
    return body ? { status: 200, body } : { status: 404, body: { message: "Course not found" } };
  },
  setStatus: async ({ params, body, request }) => ({
    status: 200,
    body: await setCourseStatus(
      request.server.db,
      params.id,
      body.status,
      actorOf(request),
      request.server.now(),
      body.confirm === true,
    ),
  }),
  reorder: async ({ body, request }) => ({
    status: 200,
    body: await reorderCourses(request.server.db, body.ids, actorOf(request), request.server.now()),
  }),
  addSeries: async ({ params, body, request }) => ({
    status: 201,
    body: (await addCourseSeries(request.server.db, params.id, body, actorOf(request), request.server.now())).course,
  }),
  remove: async ({ params, query, request }) => {
    await archiveCourse(request.server.db, params.id, actorOf(request), request.server.now(), query?.confirm === "true");
    return { status: 200, body: { message: "Course Deleted" } };
  },
});
