import { useId } from "react";
import { TIME_FILTER_OPTIONS } from "@app/ui/format";
import type { TimeFilter } from "@app/ui/format";

/** The activity time filter (spec §4): Today, This Week (from Sunday), This Month, All Time. */
export function TimeFilterSelect({
  value,
  onChange,
  label = "Time period",
}: {
  value: TimeFilter;
  onChange: (value: TimeFilter) => void;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="admin-inline-field">
      <label htmlFor={id} className="ui-visually-hidden">
        {label}
      </label>
      <select
        id={id}
        className="ui-input ui-select admin-select"
        value={value}
        onChange={(e) => onChange(e.target.value as TimeFilter)}
      >
        {TIME_FILTER_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
