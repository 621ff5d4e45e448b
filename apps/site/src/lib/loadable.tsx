import { Suspense } from "react";
import type { ReactNode } from "react";
import { Await, useAsyncError, useRevalidator } from "react-router";
import { ErrorState } from "@app/ui";
import { ApiError } from "./api";

/**
 * Loaders hand pages data that may still be on its way:
 * - in the browser, the promise itself, so the page shows its skeleton at once (spec §9
 *   skeleton counts) and fills in when the API answers;
 * - on the server, the awaited value, so the first HTML carries the content; a failed call
 *   becomes a `LoadFailure` (plain data, serialisable into the hydration JSON) and the page
 *   shows a visible error with a retry instead of throwing with nothing shown.
 */
export interface LoadFailure {
  readonly loadFailed: true;
  readonly message: string;
  readonly status: number;
}

export type Loadable<T> = T | Promise<T> | LoadFailure;

export function isLoadFailure(value: unknown): value is LoadFailure {
  return typeof value === "object" && value !== null && (value as { loadFailed?: unknown }).loadFailed === true;
}

export function toLoadFailure(error: unknown): LoadFailure {
  if (error instanceof ApiError) return { loadFailed: true, message: error.message, status: error.status };
  return { loadFailed: true, message: error instanceof Error ? error.message : "An unexpected error occurred", status: 0 };
}

/** See the comment above: awaited on the server, streamed in the browser. */
export async function load<T>(call: () => Promise<T>): Promise<Loadable<T>> {
  if (import.meta.env.SSR) {
    try {
      return await call();
    } catch (error) {
      return toLoadFailure(error);
    }
  }
  const promise = call();
  // The page's <Await> handles the rejection; this keeps it from being reported as unhandled.
  promise.catch(() => undefined);
  return promise;
}

/** Error panel with a retry that re-runs the page's loaders. */
export function LoadError({ message, title }: { message: string; title?: string }) {
  const revalidator = useRevalidator();
  return (
    <ErrorState
      title={title ?? "We couldn't load this"}
      message={message}
      onRetry={() => void revalidator.revalidate()}
      retrying={revalidator.state === "loading"}
    />
  );
}

function AwaitFailure({ title, onNotFound }: { title?: string; onNotFound?: ReactNode }) {
  const error = useAsyncError();
  if (onNotFound && error instanceof ApiError && error.status === 404) return <>{onNotFound}</>;
  return <LoadError title={title} message={toLoadFailure(error).message} />;
}

interface DeferredProps<T> {
  value: Loadable<T>;
  /** Skeleton while waiting. */
  fallback: ReactNode;
  children: (value: T) => ReactNode;
  errorTitle?: string;
  /** Rendered instead of the error panel when the API answers 404. */
  notFound?: ReactNode;
}

/** Renders a `Loadable`: skeleton while pending, error with retry on failure, children when there. */
export function Deferred<T>({ value, fallback, children, errorTitle, notFound }: DeferredProps<T>) {
  if (isLoadFailure(value)) return <LoadError title={errorTitle} message={value.message} />;
  return (
    <Suspense fallback={fallback}>
      <Await resolve={value as T | Promise<T>} errorElement={<AwaitFailure title={errorTitle} onNotFound={notFound} />}>
        {(resolved: T) => children(resolved)}
      </Await>
    </Suspense>
  );
}
