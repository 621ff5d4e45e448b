/** One report: its heading, the chart, the same figures as a table beside it, and its CSV. */
import { useState } from "react";
import { Button } from "@app/ui";
import type { ReportName } from "@app/contract";
import { downloadFile } from "../../lib/download";
import { errorMessage } from "../../lib/errors";
import { BarChart, type Bar } from "./BarChart";

export function ReportSection(props: {
  name: ReportName;
  title: string;
  description: string;
  from: string;
  to: string;
  bars: Bar[];
  columns: string[];
  rows: (string | number)[][];
  empty: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const id = `report-${props.name}`;
  const download = () => {
    setError(null);
    downloadFile(`/api/reports/${props.name}/csv?from=${props.from}&to=${props.to}`, `report-${props.name}-${props.from}-to-${props.to}.csv`).catch(
      (e: unknown) => setError(errorMessage(e)),
    );
  };
  return (
    <section className="admin-card report" aria-labelledby={id}>
      <header className="report__header">
        <div>
          <h2 id={id} className="report__title">
            {props.title}
          </h2>
          <p className="report__description">{props.description}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={download}>
          Download CSV<span className="ui-visually-hidden"> of {props.title.toLowerCase()}</span>
        </Button>
      </header>
      {error ? (
        <p role="alert" className="report__error">
          {error}
        </p>
      ) : null}
      {props.rows.length === 0 ? (
        <p className="report__empty">{props.empty}</p>
      ) : (
        <div className="report__body">
          <BarChart title={props.title} bars={props.bars} />
          <div className="admin-table-wrap report__table" tabIndex={0} role="region" aria-label={`${props.title}, table`}>
            <table className="admin-table">
              <caption className="ui-visually-hidden">{props.title}</caption>
              <thead>
                <tr>
                  {props.columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {props.rows.map((r, i) => (
                  <tr key={i}>
                    {r.map((cell, j) => (j === 0 ? <th scope="row" key={j}>{cell}</th> : <td key={j}>{cell}</td>))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
