import fp from "fastify-plugin";
import type { Env } from "../env";
import { localProvider, pageHealth, type PageHealth, stripeProvider } from "../modules/payments";
import { isAlertOpen } from "../modules/ops";
import type { PaymentProvider } from "../modules/orders";

declare module "fastify" {
  interface FastifyInstance {
    payments: PaymentProvider;
    /** Records payment pages that could not be opened and has the ops alerts judge them (decisions 272, 313). */
    paymentPages: PageHealth;
  }
}

/** The provider chosen by PAYMENT_PROVIDER (env.ts refuses `local` and missing Stripe secrets in production). */
export function createPaymentProvider(env: Env): PaymentProvider {
  if (env.PAYMENT_PROVIDER === "stripe") {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    }
    return stripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
      siteUrl: env.PUBLIC_SITE_URL,
    });
  }
  if (env.production) throw new Error("The local payment provider is a development stand-in; refused in production");
  return localProvider({ apiUrl: env.PUBLIC_API_URL });
}

/** The payment provider chosen by env, as `app.payments`. */
export default fp(
  async (app) => {
    const provider = createPaymentProvider(app.env);
    app.decorate("payments", provider);
    app.decorate(
      "paymentPages",
      // The ops plugin registers after this one (it names the provider); it is there by the first request.
      pageHealth(app.db, provider.name, {
        evaluate: () => app.ops.evaluateAlerts(),
        isOpen: () => isAlertOpen(app.db, "payment_page"),
      }),
    );
  },
  { name: "payments", dependencies: ["db"] },
);
