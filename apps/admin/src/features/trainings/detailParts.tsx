/** Pieces of the training detail screen's view mode: a titled section (with an optional action) and the loading skeleton. */
import type { ReactNode } from "react";
import { Skeleton, SkeletonText } from "@app/ui";

export function ViewSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="tr-section">
      {action ? (
        <div className="tr-section__head">
          <h2 className="tr-section__title">{title}</h2>
          {action}
        </div>
      ) : (
        <h2 className="tr-section__title">{title}</h2>
      )}
      {children}
    </section>
  );
}

/** Inside the page's busy region, under the 'Loading training' note. */
export function DetailSkeleton() {
  return (
    <div>
      <div className="content-head tr-head" aria-hidden="true">
        <Skeleton width="50%" height={32} />
      </div>
      <div className="tr-view" aria-hidden="true">
        <div className="tr-view__media">
          <Skeleton variant="block" className="tr-view__img" />
          <SkeletonText lines={4} />
        </div>
        <div className="tr-view__body">
          <SkeletonText lines={6} />
          <SkeletonText lines={3} />
        </div>
      </div>
    </div>
  );
}
