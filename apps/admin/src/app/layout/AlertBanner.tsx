import { Link } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { api, PASSIVE, queryKeys, unwrap } from "../../lib/api";
import { paths } from "../../config/paths";

const POLL_MS = 60_000;

/**
 * Open operations alerts above every screen (operations): the portal tells the office even when
 * mail is what is broken. Read from the API each minute; gone once the alert recovers.
 */
export function AlertBanner() {
  const query = useQuery({
    queryKey: queryKeys.alerts,
    queryFn: () => unwrap(api.ops.alerts({ extraHeaders: PASSIVE })),
    refetchInterval: POLL_MS,
  });
  const alerts = query.data ?? [];
  if (!alerts.length) return null;
  return (
    <section className="admin-alerts" role="region" aria-label="Alerts">
      <ul className="admin-alerts__list">
        {alerts.map((a) => (
          <li key={a.id}>
            <span className="admin-alerts__title">{a.title}.</span> {a.message}
          </li>
        ))}
      </ul>
      <p className="admin-alerts__more">
        <Link to={paths.status}>Open the status page</Link>
      </p>
    </section>
  );
}
