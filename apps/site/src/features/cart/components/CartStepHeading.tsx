import type { ReactNode, Ref } from "react";

/** The page's h1, focusable so a new step can announce it. */
export function CartStepHeading({ headingRef, children }: { headingRef: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <h1 ref={headingRef} tabIndex={-1} className="cart-page__title">
      {children}
    </h1>
  );
}
