import type { ReactNode } from "react";

/** One card of the booking page: a titled section its heading labels. */
export function BookingSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-card bk-section" aria-labelledby={id}>
      <div className="admin-card__header">
        <h2 id={id} className="admin-card__title">
          {title}
        </h2>
      </div>
      <div className="admin-card__body">{children}</div>
    </section>
  );
}
