import { discountSizeLabel } from "@app/rules";
import { escapeHtml, formatPence } from "../../lib/html";

type PageOrder = {
  reference: string;
  status: string;
  customer: string;
  email: string;
  totalPence: number;
  subtotalPence: number;
  discountPence: number;
  discountCode: string | null;
  percentOff: number | null;
  amountOffPence: number | null;
  expiresAt: Date;
  siteUrl: string;
  items: {
    title: string;
    dateLabel: string;
    time: string;
    originalPricePence: number;
    seats: number;
    addOns: { name: string; price_pence: number }[];
  }[];
};

// No inline script (CSP script-src 'self'); inline style is allowed by the API's CSP for this page's look.
const STYLE = `*{box-sizing:border-box}body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f6;color:#14213d;margin:0;padding:16px;line-height:1.5}
main{max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#fff4d6;color:#5c4400;border:1px solid #e0b84c;border-radius:999px;padding:2px 10px;font-size:.85rem;font-weight:600;margin:0 0 12px}
h1{font-size:1.5rem;margin:0 0 4px}h2{font-size:1.1rem;margin:20px 0 8px}p{margin:0 0 12px}.muted{color:#4a5568}
table{width:100%;border-collapse:collapse;margin:0 0 16px}th,td{padding:10px 0;border-bottom:1px solid #d9dee7;vertical-align:top;text-align:left}
th[scope=col]{font-size:.85rem;color:#4a5568;font-weight:600}.amount{text-align:right;white-space:nowrap;padding-left:12px}
tfoot th,tfoot td{border-bottom:0}tr.total th,tr.total td{font-weight:700;font-size:1.15rem;border-top:2px solid #14213d}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin:8px 0 12px}.actions form{flex:1 1 160px;margin:0}
button,.link{display:block;width:100%;font:inherit;font-weight:700;border-radius:8px;padding:12px 20px;min-height:48px;cursor:pointer;border:2px solid #14213d;text-align:center;text-decoration:none}
.pay{background:#14213d;color:#fff}.cancel{background:#fff;color:#14213d}.link{background:#fff;color:#14213d}
button:focus-visible,.link:focus-visible{outline:3px solid #b7791f;outline-offset:3px}
.status{border-left:4px solid #14213d;background:#f5f7fa;padding:12px 16px;border-radius:4px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}`;

const STATUS_TEXT: Record<string, string> = {
  paid: "This order has been paid. Thank you!",
  expired: "This order has expired: it was not paid within 30 minutes and its places were released.",
  cancelled: "This order was cancelled and its places were released.",
};

/**
 * The development payment page of the `local` provider: it plays the external payment page
 * (order summary, Pay, Cancel). The buttons are named exactly 'Pay' and 'Cancel' (browser tests).
 */
export function renderLocalPaymentPage(order: PageOrder): string {
  const rows = order.items
    .map(
      (i) =>
        `<tr><td><strong>${escapeHtml(i.title)}</strong>${i.seats > 1 ? ` × ${i.seats} places` : ""}<br><span class="muted">${escapeHtml(i.dateLabel)}, ${escapeHtml(i.time)}</span>${
          i.addOns.length
            ? `<br><span class="muted">Add-ons: ${i.addOns.map((a) => `${escapeHtml(a.name)} (${formatPence(a.price_pence)})`).join(", ")}</span>`
            : ""
        }</td><td class="amount">${formatPence(i.originalPricePence)}</td></tr>`,
    )
    .join("");
  const discount = order.discountPence
    ? `<tr><th scope="row">Discount (${escapeHtml(order.discountCode)}, ${escapeHtml(discountSizeLabel(order))})</th><td class="amount">−${formatPence(order.discountPence)}</td></tr>`
    : "";
  const open = order.status === "pending";
  const ref = encodeURIComponent(order.reference);
  const holdUntil = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" }).format(
    order.expiresAt,
  );
  const actions = open
    ? `<div class="actions"><form method="post" action="/api/payments/local/${ref}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/api/payments/local/${ref}/cancel"><button class="cancel" type="submit">Cancel</button></form></div>
<p class="muted">Your places are held until ${escapeHtml(holdUntil)} (UK time).</p>`
    : `<p class="status" role="status">${escapeHtml(STATUS_TEXT[order.status] ?? `This order is ${order.status}.`)}</p>
${order.status === "paid" ? "" : `<p><a class="link" href="${escapeHtml(`${order.siteUrl}/cart`)}">Back to the cart</a></p>`}`;
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Payment – ${formatPence(order.totalPence)}</title><meta name="robots" content="noindex"><style>${STYLE}</style></head><body><main>
<p class="badge">Test payment – no real money is taken</p>
<h1>Pay for your booking</h1>
<p class="muted">Booking for ${escapeHtml(order.customer)} (${escapeHtml(order.email)})</p>
<h2 id="summary">Order summary</h2>
<table aria-labelledby="summary"><thead><tr><th scope="col">Course</th><th scope="col" class="amount">Price</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row">Subtotal</th><td class="amount">${formatPence(order.subtotalPence)}</td></tr>${discount}
<tr class="total"><th scope="row">Total</th><td class="amount">${formatPence(order.totalPence)}</td></tr></tfoot></table>
${actions}
</main></body></html>`;
}

export function notFoundPage(): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Order not found</title></head><body><main><h1>Order not found</h1><p>This payment link does not belong to any order.</p></main></body></html>`;
}
