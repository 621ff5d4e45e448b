import { useState } from "react";
import { data as routeData, useLoaderData, useRevalidator } from "react-router";
import type { LoaderFunctionArgs } from "react-router";
import { Button } from "@app/ui";
import { formatLongDate, formatPounds } from "@app/ui/format";
import { PageHero } from "../../components/PageHero";
import { Link } from "../../components/Link";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api";
import { pageTitle } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";
import { fetchBalance, startBalancePayment } from "./api";
import type { Balance } from "./api";
import "./balance.css";

interface BalanceData {
  token: string;
  balance: Balance;
}

/** An unknown (or malformed) link is the not-found page; anything else is the API's error. */
export async function loader({ params }: LoaderFunctionArgs): Promise<BalanceData> {
  const token = params.token ?? "";
  try {
    return { token, balance: await fetchBalance(token) };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 400))
      throw routeData("Payment link not found", { status: 404 });
    throw e;
  }
}

export const handle: RouteHandle<BalanceData> = {
  meta: ({ config, data }) => ({
    title: pageTitle("Pay your balance", config.provider),
    description: "What you have paid for your booking, what is still due and when, and a secure page to pay it.",
    keywords: ["balance", "SIA course booking"],
    path: paths.balance(data.token),
    breadcrumbs: [{ name: "Pay your balance", path: paths.balance(data.token) }],
    robots: "noindex, nofollow",
  }),
};

function headline(b: Balance): string {
  if (b.closed) return "This booking is closed";
  if (b.paid_in_full) return "Paid in full";
  return "Pay your balance";
}

/**
 * /pay/:token, the balance link of the confirmation and reminder mails (decision 402): what was
 * paid, what is due and when, and 'Pay the balance', which opens a payment page for exactly the
 * amount due. Server-rendered; never indexed.
 */
export default function BalancePage() {
  const { token, balance: b } = useLoaderData() as BalanceData;
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const { payment_link } = await startBalancePayment(token);
      window.location.assign(payment_link);
    } catch (e) {
      setBusy(false);
      setError(e instanceof ApiError ? e.message : "Something went wrong. Please try again.");
      // Paid meanwhile (another tab) or closed: show the booking as it is now.
      if (e instanceof ApiError && e.status === 409) void revalidator.revalidate();
    }
  }

  return (
    <>
      <PageHero crumbs={[{ label: "Home", href: paths.home }, { label: "Your balance" }]} title={headline(b)} />
      <div className="balance-page" data-testid="balance-page">
        <p className="balance-page__ref">
          Booking reference <strong>{b.booking_reference}</strong> · {b.name}
        </p>
        <ul className="balance-page__courses">
          {b.courses.map((c) => (
            <li key={`${c.title}-${c.date_label}`}>
              <strong>{c.title}</strong>
              <span>
                {c.date_label} · {c.seats === 1 ? "1 place" : `${c.seats} places`}
              </span>
            </li>
          ))}
        </ul>
        <dl className="balance-page__sums">
          <div>
            <dt>Total</dt>
            <dd>{formatPounds(b.total)}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd data-testid="balance-paid">{formatPounds(b.amount_paid)}</dd>
          </div>
          <div className="balance-page__due">
            <dt>Still to pay</dt>
            <dd data-testid="balance-due">{formatPounds(b.amount_due)}</dd>
          </div>
          {b.due_on && b.amount_due > 0 ? (
            <div>
              <dt>Due by</dt>
              <dd>{formatLongDate(b.due_on)}</dd>
            </div>
          ) : null}
        </dl>
        {b.closed ? (
          <p>
            This booking was cancelled, so nothing can be paid. Questions? <Link to={paths.contact}>Contact us</Link>.
          </p>
        ) : b.paid_in_full ? (
          <p role="status">Thank you: your booking is paid in full. There is nothing more to pay.</p>
        ) : (
          <>
            <Button size="lg" fullWidth loading={busy} loadingLabel="Opening the payment page..." onClick={() => void pay()}>
              {`Pay the balance (${formatPounds(b.amount_due)})`}
            </Button>
            <p className="balance-page__note">You pay on a secure payment page; we never see your card number.</p>
          </>
        )}
        {error ? (
          <p role="alert" className="balance-page__error">
            {error}
          </p>
        ) : null}
      </div>
    </>
  );
}
