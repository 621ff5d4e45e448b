/** Announces a loading region to screen readers while skeletons (hidden from them) show. */
export function LoadingNote({ label = "Loading, please wait..." }: { label?: string }) {
  return (
    <p className="ui-visually-hidden" role="status">
      {label}
    </p>
  );
}
