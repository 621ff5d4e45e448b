/** Trainer assignments over HTTP (office only, roles in the contract). */
import { initServer } from "@ts-rest/fastify";
import { contract } from "@app/contract";
import * as service from "./service";

const s = initServer();

export const trainersRouter = s.router(contract.trainers, {
  dateTrainers: async ({ params, request }) => ({
    status: 200,
    body: await service.dateTrainers(request.server.db, params.dateId),
  }),
  setDateTrainers: async ({ params, body, request }) => {
    const user = request.session!.user;
    return {
      status: 200,
      body: await service.setDateTrainers(
        request.server.db,
        params.dateId,
        body.user_ids,
        { id: user.id, name: user.name },
        request.server.now(),
      ),
    };
  },
});
