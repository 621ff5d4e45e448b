import { useEffect, useState, type FormEvent } from "react";
import { Button, Spinner, TextField } from "@app/ui";
import { PageHero } from "../../components/PageHero";
import { Link } from "../../components/Link";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api";
import { pageTitle, type RouteHandle } from "../../lib/seo";
import { formatPounds } from "@app/ui/format";
import { call, type MyBookingRow } from "./client";
import "./my-bookings.css";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: pageTitle("My bookings", config.provider),
    description: "See your course bookings, pay what is due, change a date, cancel or correct a name.",
    keywords: ["my bookings", "manage booking"],
    path: paths.myBookings,
    breadcrumbs: [{ name: "My bookings", path: paths.myBookings }],
    robots: "noindex, nofollow",
  }),
};

const STATUS: Record<MyBookingRow["status"], string> = {
  confirmed: "Confirmed",
  pending: "Waiting for payment",
  cancelled: "Cancelled",
  expired: "Not paid",
};

/** "My bookings": the e-mail form for a sign-in link, or (signed in) every booking of that address. */
export default function MyBookingsPage() {
  const [list, setList] = useState<{ email: string; items: MyBookingRow[] } | null | "loading">("loading");
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call<{ email: string; items: MyBookingRow[] }>("/api/my-bookings")
      .then(setList)
      .catch(() => setList(null));
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSent((await call<{ message: string }>("/api/my-bookings/sign-in", "POST", { email })).message);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHero crumbs={[{ label: "Home", href: paths.home }, { label: "My bookings" }]} title="My bookings" />
      <div className="my-bookings" data-testid="my-bookings">
        {list === "loading" ? <Spinner label="Loading" /> : null}
        {list && list !== "loading" ? (
          <>
            <p>Bookings made with {list.email}, newest first.</p>
            <ul className="my-bookings__list">
              {list.items.map((b) => (
                <li key={b.token} className="my-bookings__card">
                  <Link to={paths.myBooking(b.token)} className="my-bookings__title">
                    {b.courses.join(", ")}
                  </Link>
                  <span>
                    {b.booking_reference} · {STATUS[b.status]} · {formatPounds(b.total)}
                    {b.first_date ? ` · starts ${b.first_date}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {list === null ? (
          <form className="my-bookings__form" onSubmit={(e) => void submit(e)}>
            <p>Enter the e-mail address you booked with. We will send you a sign-in link that works once, for 30 minutes.</p>
            <TextField
              label="E-mail address"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error}
            />
            <Button type="submit" loading={busy} fullWidth>
              Send me a sign-in link
            </Button>
            {sent ? (
              <p role="status" className="my-bookings__sent">
                {sent}
              </p>
            ) : null}
          </form>
        ) : null}
      </div>
    </>
  );
}
