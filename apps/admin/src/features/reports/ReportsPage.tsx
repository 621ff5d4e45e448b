/**
 * Reports (issue 34): money received, refunded and net per month; bookings and fill rate per course
 * and per date; outstanding balances; what discount codes cost. Each a chart with its table and CSV.
 */
import { useState } from "react";
import { ErrorState, Skeleton } from "@app/ui";
import { formatPounds } from "@app/ui/format";
import type { Reports } from "@app/contract";
import { usePageTitle } from "../../components/usePageTitle";
import { errorMessage } from "../../lib/errors";
import { useReports } from "./api";
import { ReportSection } from "./ReportSection";
import "./reports.css";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthLabel = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;
const ukDay = (iso: string) => iso.split("-").reverse().join("/");

/** Today in London, and the first day of the month eleven months before: a year of months. */
function defaultPeriod(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  const [y, m] = today.split("-").map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 12, 1));
  return { from: start.toISOString().slice(0, 10), to: today };
}

function Sections({ r }: { r: Reports }) {
  const common = { from: r.from, to: r.to };
  return (
    <>
      <ReportSection
        {...common}
        name="money"
        title="Money per month"
        description="Received, refunded and net (received less refunded) in each month, UK time."
        bars={r.money.map((m) => ({ label: monthLabel(m.month), value: m.net, text: formatPounds(m.net) }))}
        columns={["Month", "Received", "Refunded", "Net"]}
        rows={r.money.map((m) => [monthLabel(m.month), formatPounds(m.received), formatPounds(m.refunded), formatPounds(m.net)])}
        empty="No months in this period."
      />
      <ReportSection
        {...common}
        name="courses"
        title="Fill rate per course"
        description="Places booked on paid bookings against places offered, for dates starting in the period."
        bars={r.courses.map((c) => ({ label: c.course, value: c.fill_percent, text: `${c.fill_percent}%` }))}
        columns={["Course", "Dates", "Places", "Booked", "Fill rate"]}
        rows={r.courses.map((c) => [c.course, c.dates, c.places, c.booked, `${c.fill_percent}%`])}
        empty="No course dates start in this period."
      />
      <ReportSection
        {...common}
        name="dates"
        title="Fill rate per date"
        description="Each course date starting in the period."
        bars={r.dates.map((d) => ({ label: `${ukDay(d.start_date)} ${d.course}`, value: d.fill_percent, text: `${d.booked}/${d.places}` }))}
        columns={["Date", "Course", "Places", "Booked", "Fill rate"]}
        rows={r.dates.map((d) => [ukDay(d.start_date), d.course, d.places, d.booked, `${d.fill_percent}%`])}
        empty="No course dates start in this period."
      />
      <ReportSection
        {...common}
        name="outstanding"
        title="Outstanding balances"
        description="Bookings with money still due today, soonest due first."
        bars={r.outstanding.slice(0, 15).map((o) => ({ label: o.reference, value: o.due, text: formatPounds(o.due) }))}
        columns={["Booking", "Customer", "Total", "Paid", "Due", "Due by"]}
        rows={r.outstanding.map((o) => [o.reference, o.customer, formatPounds(o.total), formatPounds(o.paid), formatPounds(o.due), o.due_on ? ukDay(o.due_on) : "—"])}
        empty="Nothing is outstanding."
      />
      <ReportSection
        {...common}
        name="discounts"
        title="What discount codes cost"
        description="Discount given on bookings paid in the period, per code."
        bars={r.discounts.map((d) => ({ label: d.code, value: d.cost, text: formatPounds(d.cost) }))}
        columns={["Code", "Uses", "Cost"]}
        rows={r.discounts.map((d) => [d.code, d.uses, formatPounds(d.cost)])}
        empty="No discount codes were used in this period."
      />
    </>
  );
}

export default function ReportsPage() {
  usePageTitle("Reports");
  const [period, setPeriod] = useState(defaultPeriod);
  const query = useReports(period.from, period.to);
  const set = (key: "from" | "to") => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) setPeriod((p) => ({ ...p, [key]: value }));
  };
  return (
    <section className="admin-page reports-page">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Reports</h1>
          <p className="admin-page__subtitle">Money and bookings for a period, as charts and tables you can download.</p>
        </div>
        <div className="reports-period" role="group" aria-label="Period">
          <label>
            From
            <input type="date" value={period.from} onChange={set("from")} max={period.to} />
          </label>
          <label>
            To
            <input type="date" value={period.to} onChange={set("to")} min={period.from} />
          </label>
        </div>
      </header>
      {query.isPending ? (
        <Skeleton variant="block" height={240} />
      ) : query.isError ? (
        <ErrorState title="The reports could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <Sections r={query.data} />
      )}
    </section>
  );
}
