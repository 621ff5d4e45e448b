import type { CSSProperties } from "react";
import { cx } from "../utils";

export type SkeletonVariant = "block" | "line" | "circle";

export interface SkeletonProps {
  /** block = rectangle (images, cards), line = one line of text, circle = avatar. Default line. */
  variant?: SkeletonVariant;
  /** Number = px, string = any CSS length ('60%'). */
  width?: number | string;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
}

/**
 * A grey placeholder with a shimmer (static under prefers-reduced-motion). Hidden from assistive
 * technology: put a visible or visually hidden "Loading" text (or aria-busy) on the region instead.
 */
export function Skeleton({ variant = "line", width, height, className, style }: SkeletonProps) {
  const size: CSSProperties = {};
  if (width !== undefined) size.width = width;
  if (height !== undefined) size.height = height;
  if (variant === "circle" && width !== undefined && height === undefined) size.height = width;
  return (
    <span aria-hidden="true" className={cx("ui-skeleton", `ui-skeleton--${variant}`, className)} style={{ ...size, ...style }} />
  );
}

export interface SkeletonTextProps {
  /** Number of lines. Default 3. The last line is shorter when there are several. */
  lines?: number;
  className?: string;
}

/** A paragraph-shaped group of skeleton lines. */
export function SkeletonText({ lines = 3, className }: SkeletonTextProps) {
  return (
    <span aria-hidden="true" className={cx("ui-skeleton-text", className)}>
      {Array.from({ length: Math.max(0, lines) }, (_, i) => (
        <Skeleton key={i} variant="line" width={lines > 1 && i === lines - 1 ? "60%" : undefined} />
      ))}
    </span>
  );
}
