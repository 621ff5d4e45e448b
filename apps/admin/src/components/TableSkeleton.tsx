import { Skeleton } from "@app/ui";

/** Skeleton rows inside a table body (hidden from assistive technology; pair with LoadingNote). */
export function TableSkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} aria-hidden="true" className="admin-table__skeleton">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c}>
              <Skeleton width={c === 0 ? "70%" : "85%"} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
