import fp from "fastify-plugin";
import helmet from "helmet";
import cors from "@fastify/cors";

export default fp(
  async (app, opts: { origins: string[] }) => {
    // helmet builds its header values once, here. (@fastify/helmet called helmet(options) again
    // on every request, re-parsing the policy: ~6% of the API's CPU per booking, issue 16.)
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // No inline styles on the API's answers (decision 107): swagger-ui sets its own, looser
          // policy on /api/docs, which production serves only with API_DOCS_ENABLED=true; the
          // development payment page widens it for itself.
          styleSrc: ["'self'"],
          imgSrc: ["'self'", "data:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
        },
      },
      hsts: { maxAge: 31536000, includeSubDomains: true },
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // Public images are embedded by the site and admin, which may live on other hosts.
      crossOriginResourcePolicy: { policy: "cross-origin" },
    });
    app.addHook("onRequest", (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
    );
    await app.register(cors, {
      // Only the public site and the admin app; the admin app sends the session cookie.
      origin: opts.origins,
      credentials: true,
      methods: ["GET", "HEAD", "POST", "PUT", "DELETE"],
      allowedHeaders: ["Content-Type", "Authorization", "If-None-Match", "X-Session-Passive"],
      // Retry-After: the site tells a customer when to try again (decision 270).
      exposedHeaders: ["ETag", "X-Total-Count", "Retry-After"],
      maxAge: 600,
    });
  },
  { name: "security" },
);
