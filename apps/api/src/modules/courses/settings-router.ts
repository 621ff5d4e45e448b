/** The office's course settings (licence, first aid rule, learner form, course-page texts; decision 369). Office roles only. */
import { initServer } from "@ts-rest/fastify";
import { contract } from "@app/contract";
import { getCourseSettings, updateCourseSettings } from "./settings-service";

const s = initServer();

export const courseSettingsRouter = s.router(contract.courseSettings, {
  get: async ({ params, request }) => {
    const settings = await getCourseSettings(request.server.db, params.id);
    return settings ? { status: 200, body: settings } : { status: 404, body: { message: "Course not found" } };
  },
  update: async ({ params, body, request }) => {
    const session = request.session!;
    const settings = await updateCourseSettings(request.server.db, params.id, body, request.server.now(), {
      id: session.user.id,
      name: session.user.name,
    });
    return settings ? { status: 200, body: settings } : { status: 404, body: { message: "Course not found" } };
  },
});
