import { describe, expect, it } from "vitest";
import { redactPath, scrubSecrets } from "../src";

const REF = "Qx3_k9Lm-P2vR7sT1uW4yZ";
const TOKEN = "a".repeat(20) + "0123456789abcdef".repeat(2) + "b".repeat(12);

describe("paths and texts as logged (no references, tokens or query strings)", () => {
  it.each([
    [`/api/orders/${REF}/status`, "/api/orders/:redacted/status"],
    [`/api/orders/${REF}/receipt.pdf`, "/api/orders/:redacted/receipt.pdf"],
    [`/api/payments/local/${REF}/pay`, "/api/payments/local/:redacted/pay"],
    [`/api/learner-forms/${TOKEN}`, "/api/learner-forms/:redacted"],
    [`/api/waiting-list/offers/${REF}`, "/api/waiting-list/offers/:redacted"],
    [`/api/invites/${REF}`, "/api/invites/:redacted"],
    [`/api/unsubscribe/k1.${REF}.${REF}`, "/api/unsubscribe/:redacted"],
    [`/api/discounts/validate/SPRING10`, "/api/discounts/validate/:redacted"],
    [`/learner/${TOKEN}`, "/learner/:redacted"],
    [`/waiting-list/offer/${REF}`, "/waiting-list/offer/:redacted"],
    [`/invite/${REF}`, "/invite/:redacted"],
    [`/payment/success?reference=${REF}`, "/payment/success?[redacted]"],
    [`/api/admin/bookings?search=casey%40example.com&page=2`, "/api/admin/bookings?[redacted]"],
    ["/all-courses", "/all-courses"],
    ["/course/door-supervisor", "/course/door-supervisor"],
    ["/api/courses/12", "/api/courses/12"],
  ])("%s is logged as %s", (path, logged) => {
    expect(redactPath(path)).toBe(logged);
    expect(logged).not.toContain(REF);
  });

  it("masks the same in free text, and booking references people read out", () => {
    expect(scrubSecrets(`GET http://localhost:3000/api/orders/${REF}/status?x=1 failed for ACDE-FG23`)).toBe(
      "GET http://localhost:3000/api/orders/:redacted/status?[redacted] failed for [booking-ref]",
    );
    expect(scrubSecrets(`learner ${TOKEN} opened`)).toBe("learner [token] opened");
    expect(scrubSecrets("sent to a.b+c@mail.example.co.uk and x@y.io")).toBe("sent to [email] and [email]");
    expect(scrubSecrets(`redirect to https://shop.example/payment/success?reference=${REF}.`)).not.toContain(REF);
  });

  it("leaves stack paths, request ids, dates and ordinary words alone", () => {
    const stack =
      "Error: boom\n    at place (/app/apps/api/src/modules/orders/service.ts:12:3)\n    at /app/node_modules/.pnpm/fastify@5.12.8/node_modules/fastify/lib/route.js:9:1\n    at /usr/local/lib/node.js:1:1";
    expect(scrubSecrets(stack)).toBe(stack);
    const plain = "request 3f2a9c4e-1b2d-4c5e-8f90-123456789abc at 2026-11-26T10:00:00Z: DOOR-STAFF course";
    expect(scrubSecrets(plain)).toBe(plain);
  });
});
