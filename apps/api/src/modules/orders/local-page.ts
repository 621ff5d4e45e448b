import { escapeHtml, formatPence } from "../../lib/html";

type PageOrder = {
  reference: string;
  status: string;
  customer: string;
  totalPence: number;
  subtotalPence: number;
  discountPence: number;
  discountCode: string | null;
  expiresAt: Date;
  items: { title: string; dateLabel: string; originalPricePence: number; addOns: { name: string; price_pence: number }[] }[];
};

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f8;color:#14213d;margin:0;padding:24px}
main{max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 4px}p.note{color:#4a5568;margin:0 0 16px}table{width:100%;border-collapse:collapse;margin:16px 0}
td{padding:8px 0;border-bottom:1px solid #e2e8f0;vertical-align:top}td.amount{text-align:right;white-space:nowrap}
.total td{font-weight:700;border-bottom:0}.actions{display:flex;gap:12px;flex-wrap:wrap}
button{font:inherit;font-weight:600;border-radius:8px;padding:12px 20px;min-height:44px;cursor:pointer;border:2px solid #14213d}
.pay{background:#14213d;color:#fff}.cancel{background:#fff;color:#14213d}small{color:#4a5568}
button:focus-visible{outline:3px solid #f2b233;outline-offset:2px}`;

/** The development payment page of the `local` provider (stands in for the external payment page). */
export function renderLocalPaymentPage(order: PageOrder): string {
  const rows = order.items
    .map(
      (i) => `<tr><td><strong>${escapeHtml(i.title)}</strong><br><small>${escapeHtml(i.dateLabel)}${
        i.addOns.length ? ` · with ${i.addOns.map((a) => escapeHtml(a.name)).join(", ")}` : ""
      }</small></td><td class="amount">${formatPence(i.originalPricePence)}</td></tr>`,
    )
    .join("");
  const discount = order.discountPence
    ? `<tr><td>Discount (${escapeHtml(order.discountCode)})</td><td class="amount">−${formatPence(order.discountPence)}</td></tr>`
    : "";
  const open = order.status === "pending";
  const ref = encodeURIComponent(order.reference);
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Test payment</title><meta name="robots" content="noindex"><style>${STYLE}</style></head><body><main>
<h1>Test payment page</h1>
<p class="note">Development stand-in for the payment provider. No real money is taken.</p>
<p>Order for <strong>${escapeHtml(order.customer)}</strong></p>
<table>${rows}<tr><td>Subtotal</td><td class="amount">${formatPence(order.subtotalPence)}</td></tr>${discount}
<tr class="total"><td>Total</td><td class="amount">${formatPence(order.totalPence)}</td></tr></table>
${
  open
    ? `<div class="actions"><form method="post" action="/api/payments/local/${ref}/pay"><button class="pay" type="submit">Pay ${formatPence(order.totalPence)}</button></form>
<form method="post" action="/api/payments/local/${ref}/cancel"><button class="cancel" type="submit">Cancel</button></form></div>
<p><small>Seats are held until ${escapeHtml(order.expiresAt.toISOString().slice(11, 16))} UTC.</small></p>`
    : `<p><strong>This order is ${escapeHtml(order.status)}.</strong></p>`
}
</main></body></html>`;
}

export function notFoundPage(): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Order not found</title></head><body><main><h1>Order not found</h1></main></body></html>`;
}
