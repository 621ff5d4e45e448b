import { Search } from "lucide-react";
import { cx } from "@app/ui";
import { COLUMNS, FILTER_LABELS, LIST_FILTERS, directionLabel } from "./listParams";
import type { ListParams, SortDir, SortKey } from "./listParams";

type Props = {
  params: ListParams;
  go: (next: ListParams) => void;
  /** The search box's text, which reaches the URL after a pause (useSearchBox). */
  text: string;
  setText: (text: string) => void;
  /** Enter sends the search at once. */
  onSearch: () => void;
};

/** The filter tabs, the phone's sort menu and the search box above the bookings list. */
export function BookingsToolbar({ params, go, text, setText, onSearch }: Props) {
  return (
    <div className="bk-toolbar">
      <div className="bk-filters" role="group" aria-label="Show bookings">
        {LIST_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={cx("bk-filter", params.filter === f && "bk-filter--on")}
            aria-pressed={params.filter === f}
            onClick={() => go({ ...params, filter: f, page: 1 })}
          >
            {FILTER_LABELS[f]}
          </button>
        ))}
      </div>
      {/* Phones show cards without column headers: the order is chosen here instead. */}
      <div className="bk-sortselect">
        <label htmlFor="bk-sort" className="bk-label">
          Sort by
        </label>
        <select
          id="bk-sort"
          className="ui-input ui-select"
          value={`${params.sort}:${params.dir}`}
          onChange={(e) => {
            const [sort, dir] = e.target.value.split(":") as [SortKey, SortDir];
            go({ ...params, sort, dir, page: 1 });
          }}
        >
          {COLUMNS.flatMap((col) =>
            (["asc", "desc"] as const).map((dir) => (
              <option key={`${col.key}:${dir}`} value={`${col.key}:${dir}`}>
                {col.label} ({directionLabel(col.key, dir)})
              </option>
            )),
          )}
        </select>
      </div>
      <form
        className="bk-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch();
        }}
      >
        <label htmlFor="bk-search" className="bk-label">
          Search
        </label>
        <div className="bk-search__box">
          {/* The magnifier sends the search at once, as Enter does (a form needs its submit button). */}
          <button type="submit" className="bk-search__icon">
            <Search size={18} aria-hidden="true" />
            <span className="ui-visually-hidden">Find</span>
          </button>
          <input
            id="bk-search"
            type="search"
            className="ui-input bk-search__input"
            placeholder="Reference, name, e-mail, phone, course or code"
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
        </div>
      </form>
    </div>
  );
}
