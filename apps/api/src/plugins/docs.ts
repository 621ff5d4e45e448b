import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { generateOpenApi } from "@ts-rest/open-api";
import { contract } from "@app/contract";

/** The OpenAPI document generated from the contract, and a local swagger-ui page (no CDN). */
export function openApiDocument() {
  return generateOpenApi(
    contract,
    {
      info: {
        title: "Merseyside Door & Guard Training API",
        version: "1.0.0",
        description: "Every call of the public site and the admin portal. Admin calls need the session cookie or a bearer token.",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          cookie: { type: "apiKey", in: "cookie", name: "session" },
        },
      },
    },
    {
      setOperationId: "concatenated-path",
      operationMapper: (operation, appRoute) =>
        (appRoute.metadata as { roles?: readonly string[] } | undefined)?.roles
          ? { ...operation, security: [{ bearer: [] }, { cookie: [] }] }
          : operation,
    },
  );
}

export default fp(
  async (app) => {
    // swagger-ui needs a looser CSP (inline styles, https: styles and fonts): in production the
    // docs and the OpenAPI document are served only when API_DOCS_ENABLED=true (decision 107).
    if (!app.env.API_DOCS_ENABLED) return;
    const document = openApiDocument();
    await app.register(swagger, { mode: "static", specification: { document: document as never } });
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true, uiConfig: { docExpansion: "list" } });
    app.get("/api/openapi.json", { schema: { hide: true } }, async (_req, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return document;
    });
  },
  { name: "docs" },
);
