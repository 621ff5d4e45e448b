import fp from "fastify-plugin";
import { createPaymentProvider, type PaymentProvider } from "./provider";

declare module "fastify" {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

/** The payment provider chosen by env, as `app.payments`. */
export default fp(
  async (app) => {
    app.decorate("payments", createPaymentProvider(app.env));
  },
  { name: "payments" },
);
