/**
 * A horizontal bar chart in SVG (decision 427): one bar per row with its label and value written
 * beside it, so it reads at a glance at 390 px and without colour; the figure is described for
 * screen readers, and the same figures are in the table next to it.
 */
export type Bar = { label: string; value: number; text: string };

const ROW = 28;
const LABEL_W = 38; // percent of the width for the labels

export function BarChart({ title, bars, negativeLabel }: { title: string; bars: Bar[]; negativeLabel?: string }) {
  const max = Math.max(1, ...bars.map((b) => Math.abs(b.value)));
  const height = Math.max(ROW, bars.length * ROW);
  const summary = bars.length ? `${title}: ${bars.map((b) => `${b.label} ${b.text}`).join("; ")}` : `${title}: no figures`;
  return (
    <figure className="report-chart">
      <svg role="img" aria-label={summary} viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" height={height} width="100%">
        {bars.map((b, i) => {
          const w = (Math.abs(b.value) / max) * (100 - LABEL_W - 22);
          return (
            <g key={`${b.label}-${i}`}>
              <rect
                x={LABEL_W}
                y={i * ROW + 6}
                width={Math.max(w, b.value === 0 ? 0 : 0.5)}
                height={ROW - 12}
                className={b.value < 0 ? "report-chart__bar report-chart__bar--negative" : "report-chart__bar"}
              />
            </g>
          );
        })}
      </svg>
      {/* Labels and values as HTML over the bars: SVG text would stretch with the viewBox. */}
      <ol className="report-chart__labels" style={{ height }} aria-hidden="true">
        {bars.map((b, i) => (
          <li key={`${b.label}-${i}`} style={{ top: i * ROW, height: ROW }}>
            <span className="report-chart__label">{b.label}</span>
            <span className="report-chart__value" style={{ left: `calc(${LABEL_W}% + ${(Math.abs(b.value) / max) * (100 - LABEL_W - 22)}% + 6px)` }}>
              {b.text}
              {b.value < 0 && negativeLabel ? ` ${negativeLabel}` : ""}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
