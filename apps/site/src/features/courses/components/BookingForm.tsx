import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ShoppingCart } from "lucide-react";
import type { CourseDetail } from "@app/contract";

type CourseDate = CourseDetail["courseDates"][number];
type AddOn = CourseDetail["addOns"][number];
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { Button, useToast } from "@app/ui";
import { formatPence, poundsToPence } from "@app/ui/format";
import { paths } from "../../../config/paths";
import { MAX_PLACES_PER_ORDER } from "@app/rules";
import { useCart } from "../../../stores/cart";
import { maxPlacesOn, placesLabel } from "../../../lib/places";

export { maxPlacesOn, placesLabel };
import { Link } from "../../../components/Link";

/** The first date with places left: spec §4 preselects the first date; a full one cannot be booked. */
export function firstBookableDate(course: CourseDetail): number | null {
  return course.courseDates.find((d) => d.placesLeft > 0)?.id ?? null;
}

/**
 * 'Book Your Date' (spec §2/§4): dates with places left ('Fully booked' ones cannot be chosen),
 * no add-on ticked in advance (UK Consumer Contracts Regulations 2013 reg. 40: an extra payment
 * needs the customer's express consent, overriding the spec's preselection), dates with their
 * weekday, 'Add to Cart' disabled until a date is chosen. Group and employer bookings (office booking tools):
 * 'Places' picks 1 up to the date's places left (at most 10); the price is per place.
 */
export function BookingForm({ course }: { course: CourseDetail }) {
  const cart = useCart();
  const toast = useToast();
  const [dateId, setDateId] = useState<number | null>(() => firstBookableDate(course));
  const [addonIds, setAddonIds] = useState<number[]>([]);
  const [places, setPlaces] = useState(1);
  const id = useId();

  const feePence = poundsToPence(course.fee);
  const chosenAddons = course.addOns.filter((a) => addonIds.includes(a.id));
  const unitPence = feePence + chosenAddons.reduce((sum, a) => sum + poundsToPence(a.price), 0);
  const date = course.courseDates.find((d) => d.id === dateId && d.placesLeft > 0) ?? null;
  const maxPlaces = date ? maxPlacesOn(date.placesLeft) : MAX_PLACES_PER_ORDER;
  // A date with fewer places left than chosen keeps what it can hold.
  const chosenPlaces = Math.min(places, Math.max(1, maxPlaces));
  const totalPence = unitPence * chosenPlaces;
  const inCart = cart.items.some((i) => i.id === course.id);

  function addChoice(on: CourseDate, addOns: readonly AddOn[], quantity: number) {
    const added = cart.add({
      id: course.id,
      slug: course.slug,
      title: course.title,
      pricePence: feePence + addOns.reduce((sum, a) => sum + poundsToPence(a.price), 0),
      image: course.thumbnail,
      selectedDateId: on.id,
      selectedDate: on.label,
      startDate: on.startDate,
      endDate: on.endDate,
      selectedAddons: addOns.map((a) => ({ id: a.id, name: a.name, pricePence: poundsToPence(a.price) })),
      quantity: Math.min(Math.max(1, quantity), maxPlacesOn(on.placesLeft)),
      maxPlaces: maxPlacesOn(on.placesLeft),
      ...(course.prerequisites?.length ? { prerequisites: [...course.prerequisites] } : {}),
    });
    if (added) toast.success(`${course.title} has been added to your cart!`);
    else toast.info(`${course.title} is already in your cart.`);
  }

  function addToCart() {
    if (date) addChoice(date, chosenAddons, chosenPlaces);
  }

  // A tap on "Add to Cart" before the page's script has run submits the form natively (decision
  // 293): the browser loads this page again with the choice in the address (?courseDate, addon,
  // places, add). Once the cart has read the browser's storage, the choice goes in it, and the
  // address loses the query (a reload adds nothing twice).
  const [params, setParams] = useSearchParams();
  const replayed = useRef(false);
  useEffect(() => {
    if (!cart.hydrated || replayed.current || params.get("add") === null) return;
    replayed.current = true;
    const on = course.courseDates.find((d) => String(d.id) === params.get("courseDate") && d.placesLeft > 0);
    const addOns = course.addOns.filter((a) => params.getAll("addon").includes(String(a.id)));
    const quantity = Number.parseInt(params.get("places") ?? "1", 10) || 1;
    if (on) {
      setDateId(on.id);
      setAddonIds(addOns.map((a) => a.id));
      setPlaces(quantity);
      addChoice(on, addOns, quantity);
    }
    setParams({}, { replace: true, preventScrollReset: true });
    // Once per submitted address (the ref): the course and cart of the render that sees it are the ones to use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cart.hydrated, params]);

  return (
    <form
      className="booking"
      onSubmit={(e) => {
        e.preventDefault();
        addToCart();
      }}
    >
      <fieldset className="booking__group">
        <legend className="booking__legend">Choose your course date</legend>
        {course.courseDates.length === 0 ? (
          <p className="ui-muted">No dates are scheduled yet. Call or message us and we will let you know the next one.</p>
        ) : (
          <ul className="date-options">
            {course.courseDates.map((d) => {
              const full = d.placesLeft <= 0;
              const inputId = `${id}-date-${d.id}`;
              return (
                <li key={d.id}>
                  <input
                    type="radio"
                    className="date-option__input"
                    id={inputId}
                    name="courseDate"
                    value={d.id}
                    checked={dateId === d.id}
                    disabled={full}
                    onChange={() => setDateId(d.id)}
                  />
                  <label htmlFor={inputId} className={full ? "date-option date-option--full" : "date-option"}>
                    <span className="date-option__label">{formatDateRangeWithWeekday(d.startDate, d.endDate) || d.label}</span>
                    <span
                      className={
                        full
                          ? "date-option__places date-option__places--full"
                          : d.placesLeft <= 3
                            ? "date-option__places date-option__places--low"
                            : "date-option__places"
                      }
                    >
                      {placesLabel(d.placesLeft)}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>

      {date && maxPlaces > 1 ? (
        <div className="booking__group booking__places">
          <label htmlFor={`${id}-places`} className="booking__legend">
            Places
          </label>
          <select
            id={`${id}-places`}
            name="places"
            className="ui-input ui-select booking__places-select"
            aria-describedby={`${id}-places-hint`}
            value={chosenPlaces}
            onChange={(e) => setPlaces(Number(e.target.value))}
          >
            {Array.from({ length: maxPlaces }, (_, k) => (
              <option key={k + 1} value={k + 1}>
                {k + 1 === 1 ? "1 place" : `${k + 1} places`}
              </option>
            ))}
          </select>
          <p id={`${id}-places-hint`} className="booking__hint">
            Booking for a group or your staff? Choose up to {maxPlaces} places: the fee and add-ons are per place, and you name
            each attendee at checkout.
          </p>
        </div>
      ) : null}

      {course.addOns.length > 0 ? (
        <fieldset className="booking__group">
          <legend className="booking__legend">Add-ons</legend>
          <ul className="addon-options">
            {course.addOns.map((a) => {
              const inputId = `${id}-addon-${a.id}`;
              return (
                <li key={a.id} className="addon-option">
                  <input
                    type="checkbox"
                    id={inputId}
                    name="addon"
                    value={a.id}
                    className="addon-option__input"
                    checked={addonIds.includes(a.id)}
                    onChange={(e) => setAddonIds((ids) => (e.target.checked ? [...ids, a.id] : ids.filter((x) => x !== a.id)))}
                  />
                  <label htmlFor={inputId} className="addon-option__label">
                    <span className="addon-option__name">{a.name}</span>
                    <span className="addon-option__price">+{formatPence(poundsToPence(a.price))}</span>
                    {a.description ? <span className="addon-option__description">{a.description}</span> : null}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}

      <div className="booking__summary">
        {chosenPlaces > 1 ? (
          <p className="booking__each">
            {chosenPlaces} places × {formatPence(unitPence)}
          </p>
        ) : null}
        <p className="booking__total">
          <span>Total</span>
          <span className="ui-price" data-testid="booking-total">
            {formatPence(totalPence)}
          </span>
        </p>
        <Button type="submit" name="add" value="1" size="lg" fullWidth disabled={!date}>
          <ShoppingCart size={20} aria-hidden="true" />
          Add to Cart
        </Button>
        {!date && course.courseDates.length > 0 ? (
          <p className="booking__hint">Choose a date to add this course to your cart.</p>
        ) : null}
        {inCart ? (
          <p className="booking__incart">
            This course is in your cart. <Link to={paths.cart}>View your cart</Link>
          </p>
        ) : null}
      </div>
    </form>
  );
}
