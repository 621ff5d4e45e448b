/**
 * VAT registration by date (issue 34, decision 420): each period says from which day invoices carry
 * VAT, at what rate and under which number, or that the business is not registered from that day.
 * Documents already issued never change, so a new period starts after the last one issued. The
 * owner sets it; the office sees it.
 */
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, CheckboxField, ErrorState, TextField, useToast } from "@app/ui";
import { formatDateRange } from "@app/ui/format";
import { api, unwrap } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { errorMessage } from "../../lib/errors";
import { LoadingNote } from "../../components/Loading";
import "./vat.css";

const VAT_KEY = ["vat-periods"] as const;
const UK_STANDARD_RATE = 20;
const day = (iso: string) => formatDateRange(iso, iso);

function VatForm() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [startsOn, setStartsOn] = useState("");
  const [registered, setRegistered] = useState(true);
  const [number, setNumber] = useState("");
  const [rate, setRate] = useState(String(UK_STANDARD_RATE));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.invoices.setVatPeriod({
          body: {
            starts_on: startsOn,
            vat_number: registered ? number.trim() : null,
            rate_percent: registered ? Number(rate) : 0,
          },
        }),
      ),
    onSuccess: (periods) => {
      queryClient.setQueryData(VAT_KEY, periods);
      setProblem(null);
      toast.success(`VAT saved: invoices from ${day(startsOn)} follow it`);
    },
    onError: (e: Error) => setProblem(errorMessage(e)),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!startsOn) return setProblem("Enter the day it starts");
    if (registered && !number.trim()) return setProblem("Enter the VAT number");
    if (registered && !(Number(rate) > 0 && Number(rate) <= 100)) return setProblem("Enter a rate between 0 and 100");
    save.mutate();
  };
  return (
    <form className="vat-form" noValidate onSubmit={submit}>
      <TextField label="From" type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} required />
      <CheckboxField
        label="VAT registered from this day"
        checked={registered}
        onChange={(e) => setRegistered(e.target.checked)}
      />
      {registered ? (
        <div className="vat-form__row">
          <TextField
            label="VAT number"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            placeholder="GB123456789"
            maxLength={40}
          />
          <TextField
            label="Rate (%)"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="0.5"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
          />
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="vat-form__error">
          {problem}
        </p>
      ) : null}
      <Button type="submit" loading={save.isPending}>
        Save VAT
      </Button>
    </form>
  );
}

export function VatSettings() {
  const { role } = useAuth();
  const query = useQuery({ queryKey: VAT_KEY, queryFn: () => unwrap(api.invoices.vatPeriods()) });
  return (
    <section className="admin-card vat-settings" aria-labelledby="vat-title">
      <h2 id="vat-title" className="admin-card__title">
        VAT
      </h2>
      <p className="vat-settings__intro">
        Invoices carry VAT from the day the business is registered, at the rate and with the number given here. Invoices and
        credit notes already issued keep what they say.
      </p>
      {query.isPending ? <LoadingNote label="Loading the VAT periods" /> : null}
      {query.isError ? <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        query.data.length === 0 ? (
          <p>No VAT periods yet: until one is set, invoices carry VAT only if the server is set up with a VAT number.</p>
        ) : (
          <ul className="vat-periods" aria-label="VAT periods">
            {query.data.map((p) => (
              <li key={p.starts_on}>
                <strong>From {day(p.starts_on)}</strong>
                <span>{p.vat_number ? `VAT number ${p.vat_number} at ${p.rate_percent}%` : "Not registered"}</span>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {role === "owner" ? <VatForm /> : <p className="ui-muted">Only the owner can change the VAT settings.</p>}
    </section>
  );
}
