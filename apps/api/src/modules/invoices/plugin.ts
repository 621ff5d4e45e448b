import fp from "fastify-plugin";
import { onChargeRecorded, onRefundRecorded, provideDocumentLinks } from "../orders";
import { customerDocuments } from "./documents";
import { configureInvoices, creditRefundTx, invoiceChargeTx } from "./service";

let registered = false;

/**
 * Invoices are issued in the transaction of each money event (decision 421): the listeners are
 * registered once per process however many apps start (tests start several); the business's
 * details and the environment's VAT are those of the latest app.
 */
export default fp(
  async (app) => {
    configureInvoices({
      business: {
        name: app.mail.settings.providerName,
        address: app.mail.settings.venueAddress,
        phone: app.mail.settings.providerPhone,
        email: app.mail.settings.providerEmail,
      },
      envVat: app.env.VAT_NUMBER ? { number: app.env.VAT_NUMBER, ratePercent: app.env.VAT_RATE } : null,
    });
    // The customer's mails link the documents by their secret links (decision 490).
    const apiUrl = app.env.PUBLIC_API_URL;
    provideDocumentLinks((db, orderId, query) => customerDocuments(db, orderId, apiUrl, query));
    if (registered) return;
    registered = true;
    onChargeRecorded(async (tx, charge) => {
      await invoiceChargeTx(tx, charge);
    });
    onRefundRecorded(async (tx, refund) => {
      await creditRefundTx(tx, refund);
    });
  },
  { name: "invoices", dependencies: ["db", "mail"] },
);
