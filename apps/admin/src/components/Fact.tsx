import type { ReactNode } from "react";

/** One label/value pair of a record's read-only view; place inside a <dl>. The screen styles its `dd`. */
export function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="content-fact-label">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
