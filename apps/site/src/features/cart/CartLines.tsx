import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { formatPence } from "@app/ui/format";
import { MAX_PLACES_PER_ORDER } from "@app/rules";
import { linePence, placesOf } from "../../stores/cart";
import type { CartItem } from "../../stores/cart";
import { paths } from "../../config/paths";
import { cartImageUrl } from "./links";
import { Link } from "../../components/Link";

export interface CartLinesProps {
  items: CartItem[];
  /** Shows a remove button on each line (summary step only, spec §4). */
  onRemove?: (item: CartItem) => void;
  /** Shows a places picker on each line (summary step; group and employer bookings). */
  onPlacesChange?: (item: CartItem, places: number) => void;
  compact?: boolean;
}

/** The courses in the cart: picture, title, date, add-ons, places and price (one place's price × places). */
export function CartLines({ items, onRemove, onPlacesChange, compact = false }: CartLinesProps) {
  return (
    <ul className={compact ? "cart-lines cart-lines--compact" : "cart-lines"}>
      {items.map((item) => {
        const addonsPence = item.selectedAddons.reduce((s, a) => s + a.pricePence, 0);
        const image = cartImageUrl(item.image);
        const places = placesOf(item);
        const maxPlaces = item.maxPlaces ?? MAX_PLACES_PER_ORDER;
        return (
          <li key={item.id} className="cart-line">
            {compact ? null : (
              <div className="cart-line__media">
                {image ? (
                  <img src={image} alt="" width={160} height={90} loading="lazy" decoding="async" />
                ) : (
                  <div className="cart-line__placeholder" aria-hidden="true">
                    SIA
                  </div>
                )}
              </div>
            )}
            <div className="cart-line__body">
              <h3 className="cart-line__title">
                <Link to={paths.course(item.slug)}>{item.title}</Link>
              </h3>
              <p className="cart-line__date">
                <span className="cart-line__label">Date:</span>{" "}
                {item.startDate ? formatDateRangeWithWeekday(item.startDate, item.endDate) : item.selectedDate}
              </p>
              {item.selectedAddons.length > 0 ? (
                <div className="cart-line__addons">
                  <span className="cart-line__label">Add-ons:</span>
                  <ul>
                    {item.selectedAddons.map((a) => (
                      <li key={a.id}>
                        {a.name} <span className="cart-line__addon-price">+{formatPence(a.pricePence)}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {!compact && addonsPence > 0 ? (
                <p className="cart-line__fee">Course fee {formatPence(item.pricePence - addonsPence)}</p>
              ) : null}
              {onPlacesChange && maxPlaces > 1 ? (
                <p className="cart-line__places">
                  <label htmlFor={`cart-places-${item.id}`} className="cart-line__label">
                    Places
                  </label>{" "}
                  <select
                    id={`cart-places-${item.id}`}
                    className="ui-input ui-select cart-line__places-select"
                    value={places}
                    aria-label={`Places on ${item.title}`}
                    onChange={(e) => onPlacesChange(item, Number(e.target.value))}
                  >
                    {Array.from({ length: Math.max(maxPlaces, places) }, (_, k) => (
                      <option key={k + 1} value={k + 1}>
                        {k + 1}
                      </option>
                    ))}
                  </select>
                </p>
              ) : places > 1 ? (
                <p className="cart-line__places">
                  <span className="cart-line__label">Places:</span> {places}
                </p>
              ) : null}
            </div>
            <div className="cart-line__end">
              <p className="cart-line__price">{formatPence(linePence(item))}</p>
              {places > 1 ? (
                <p className="cart-line__each">
                  {places} × {formatPence(item.pricePence)}
                </p>
              ) : null}
              {onRemove ? (
                <button
                  type="button"
                  className="cart-line__remove"
                  onClick={() => onRemove(item)}
                  aria-label={`Remove ${item.title} from your cart`}
                >
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                    <path
                      d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                  Remove
                </button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
