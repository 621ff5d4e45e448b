import type { StatusItem, StatusLevel, StatusPart } from "@app/contract";
import { Button, ErrorState, Skeleton } from "@app/ui";
import { usePageTitle } from "../../components/usePageTitle";
import { errorMessage } from "../../lib/errors";
import { useReleaseOutgoing, useSystemStatus } from "./api";
import "./status.css";

/** The level in words too: colour alone never carries the meaning. */
const LEVEL_LABELS: Record<StatusLevel, string> = { green: "OK", amber: "Needs a look", red: "Needs action now" };

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZone: "Europe/London",
  }).format(new Date(iso));

function uptime(seconds: number | null): string {
  if (seconds === null) return "unknown";
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d} day${d === 1 ? "" : "s"} ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  return `${m} min`;
}

function Part({ part }: { part: StatusPart }) {
  return (
    <li className="status-part">
      <span className="status-part__name">{part.name}</span>
      <span>
        Version {part.version ?? "unknown"}
        {/* A build without RELEASE_VERSION is named by its commit: not twice. */}
        {part.commit && !part.version?.startsWith(part.commit.slice(0, 7)) ? ` (commit ${part.commit.slice(0, 12)})` : ""}
      </span>
      <span>Up for {uptime(part.uptime_seconds)}</span>
    </li>
  );
}

function Item({ item }: { item: StatusItem }) {
  const headingId = `status-${item.key}`;
  return (
    <li className={`status-item status-item--${item.level}`} aria-labelledby={headingId}>
      <div className="status-item__head">
        <h2 id={headingId} className="status-item__title">
          {item.title}
        </h2>
        <span className={`status-badge status-badge--${item.level}`}>
          <span className="status-badge__dot" aria-hidden="true" />
          {LEVEL_LABELS[item.level]}
        </span>
      </div>
      <p className="status-item__summary">{item.summary}</p>
      {item.action ? (
        <p className="status-item__action">
          <strong>What to do:</strong> {item.action}
        </p>
      ) : null}
      <p className="status-item__reading">{item.reading}</p>
      {item.key === "outgoing" ? <ReleaseOutgoing /> : null}
    </li>
  );
}

/** After a restore: a person releases the held mail and jobs once the bookings look right (decision 302). */
function ReleaseOutgoing() {
  const release = useReleaseOutgoing();
  return (
    <div className="status-item__release">
      <Button onClick={() => release.mutate()} disabled={release.isPending}>
        {release.isPending ? "Releasing…" : "Release mail and jobs"}
      </Button>
      {release.isError ? (
        <p role="alert" className="status-item__error">
          {errorMessage(release.error)}
        </p>
      ) : null}
    </div>
  );
}

/** Is everything working? One card per part of the system, worst first, in the owner's words (operations). */
export default function StatusPage() {
  usePageTitle("Status");
  const query = useSystemStatus();
  const order: Record<StatusLevel, number> = { red: 0, amber: 1, green: 2 };
  const items = [...(query.data?.items ?? [])].sort((a, b) => order[a.level] - order[b.level]);
  const reds = items.filter((i) => i.level === "red").length;
  const ambers = items.filter((i) => i.level === "amber").length;

  return (
    <section className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Status</h1>
          <p className="admin-page__subtitle">
            Whether each part of the system is working, and what to do when it is not. Checked every minute.
          </p>
        </div>
        <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? "Checking…" : "Check again"}
        </Button>
      </header>
      {query.isError ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <div className="status-grid" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={120} />
          ))}
        </div>
      ) : (
        <>
          <p className={`status-overall status-overall--${reds ? "red" : ambers ? "amber" : "green"}`} role="status">
            {reds
              ? `${reds} thing${reds === 1 ? " needs" : "s need"} action now.`
              : ambers
                ? `Everything important works; ${ambers} thing${ambers === 1 ? " needs" : "s need"} a look.`
                : "Everything is working."}{" "}
            <span className="status-overall__when">Checked {when(query.data.checked_at)}.</span>
          </p>
          <ul className="status-grid" aria-label="Status of each part">
            {items.map((i) => (
              <Item key={i.key} item={i} />
            ))}
          </ul>
          <section className="admin-card status-parts" aria-labelledby="status-parts">
            <h2 id="status-parts" className="status-parts__title">
              Running versions
            </h2>
            <ul className="status-parts__list">
              {query.data.parts.map((p) => (
                <Part key={p.name} part={p} />
              ))}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}
