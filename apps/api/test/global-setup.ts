import type { TestProject } from "vitest/node";
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from "../src/env";
import { seed } from "../src/db/seed/seed";
import { dropDatabase, prepareTemplate, startTestServer, uniqueName } from "../src/db/testing";

declare module "vitest" {
  export interface ProvidedContext {
    serverUrl: string;
    emptyTemplate: string;
    seededTemplate: string;
  }
}

/** One Postgres server for the run (DATABASE_URL's or an embedded one) and two templates. */
export default async function setup(project: TestProject) {
  const server = await startTestServer(process.env.DATABASE_URL);
  const emptyTemplate = uniqueName("api_tpl_empty");
  const seededTemplate = uniqueName("api_tpl_seeded");
  await prepareTemplate(server.url, emptyTemplate);
  await prepareTemplate(server.url, seededTemplate, (pool) =>
    seed(pool, { admin: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD } }),
  );
  project.provide("serverUrl", server.url);
  project.provide("emptyTemplate", emptyTemplate);
  project.provide("seededTemplate", seededTemplate);
  return async () => {
    await dropDatabase(server.url, emptyTemplate);
    await dropDatabase(server.url, seededTemplate);
    await server.embedded?.stop();
  };
}
