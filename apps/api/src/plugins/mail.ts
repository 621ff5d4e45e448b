import fp from "fastify-plugin";
import { mailSettings, type MailSettings, fileTransport, smtpTransport, type MailTransport } from "../modules/mail";

declare module "fastify" {
  interface FastifyInstance {
    mail: { transport: MailTransport; settings: MailSettings; from: string };
  }
}

/** Mail: SMTP when SMTP_URL is set, otherwise `.eml` files in MAIL_DIR (the embedded default). */
export default fp(
  async (app, opts: { transport?: MailTransport }) => {
    const env = app.env;
    const transport = opts.transport ?? (env.SMTP_URL ? smtpTransport(env.SMTP_URL) : fileTransport(env.MAIL_DIR));
    app.decorate("mail", { transport, settings: mailSettings(env), from: env.MAIL_FROM });
    app.addHook("onClose", async () => transport.close());
  },
  { name: "mail" },
);
