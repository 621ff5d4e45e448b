import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import type { WaitlistOffer } from "@app/contract";
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { ButtonLink, Spinner, useToast } from "@app/ui";
import { poundsToPence } from "@app/ui/format";
import { PageHero } from "../../components/PageHero";
import { paths } from "../../config/paths";
import { api, ApiError, apiFetch, isNotFound } from "../../lib/api";
import { pageTitle } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";
import { saveWaitlistOffer } from "../../lib/waitlist-offer";
import { useCart } from "../../stores/cart";
import "../../components/waitlist/waitlist.css";
import { Link } from "../../components/Link";

export const handle: RouteHandle = {
  meta: ({ config, params }) => ({
    title: pageTitle("Your waiting-list place", config.provider),
    description: "A place came up on the course date you were waiting for: book it with your details filled in.",
    keywords: ["waiting list", "SIA course booking"],
    path: paths.waitingListOffer(params.token ?? ""),
    breadcrumbs: [{ name: "Your waiting-list place", path: paths.waitingListOffer(params.token ?? "") }],
    robots: "noindex, nofollow",
  }),
};

type View =
  | { kind: "loading" }
  | { kind: "gone"; offer: WaitlistOffer }
  | { kind: "invalid" }
  | { kind: "error"; message: string };

const placesText = (n: number) => (n === 1 ? "1 place" : `${n} places`);
const ukTime = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));

/**
 * The offer mail's link (waiting lists and reminders, decision 235): puts the offered date in the cart (replacing
 * another date of the same course), keeps the offer for the checkout (details filled in, token and
 * places sent with the order), then shows the cart. An offer that ran out or was used says so.
 */
export default function WaitingListOfferPage() {
  const { token = "" } = useParams();
  const cart = useCart();
  const navigate = useNavigate();
  const toast = useToast();
  const [view, setView] = useState<View>({ kind: "loading" });
  const started = useRef(false);

  useEffect(() => {
    // Wait until the stored cart is read, or the offered date would replace it.
    if (!cart.hydrated || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const offer = await apiFetch<WaitlistOffer>(`/api/waiting-list/offers/${encodeURIComponent(token)}`);
        if (offer.status !== "offered") {
          setView({ kind: "gone", offer });
          return;
        }
        const course = await api.courseBySlug(offer.course_slug);
        const date = course.courseDates.find((d) => d.id === offer.course_date_id);
        saveWaitlistOffer({
          token,
          courseId: offer.course_id,
          courseDateId: offer.course_date_id,
          places: offer.places,
          name: offer.name,
          email: offer.email,
          phone: offer.phone,
          expiresAt: offer.expires_at,
        });
        cart.replace([
          ...cart.items.filter((i) => i.id !== course.id),
          {
            id: course.id,
            slug: course.slug,
            title: course.title,
            pricePence: poundsToPence(course.fee),
            image: course.thumbnail,
            selectedDateId: offer.course_date_id,
            selectedDate: date?.label ?? offer.date_label,
            startDate: offer.start_date,
            endDate: offer.end_date,
            selectedAddons: [],
          },
        ]);
        toast.success(`${placesText(offer.places)} on ${course.title} held for you until ${ukTime(offer.expires_at)}.`);
        void navigate(paths.cart, { replace: true });
      } catch (err) {
        if (isNotFound(err)) setView({ kind: "invalid" });
        else
          setView({ kind: "error", message: err instanceof ApiError ? err.message : "Something went wrong. Please try again." });
      }
    })();
  }, [cart, token, navigate, toast]);

  const title =
    view.kind === "gone"
      ? view.offer.status === "booked"
        ? "You have booked this place"
        : "This offer has expired"
      : view.kind === "invalid"
        ? "This offer link is not valid"
        : "Your waiting-list place";
  return (
    <>
      <PageHero crumbs={[{ label: "Home", href: paths.home }, { label: "Waiting list" }]} title={title} />
      <div className="waitlist-offer" data-testid="waitlist-offer">
        {view.kind === "loading" ? <Spinner label="Putting your place in the cart" /> : null}
        {view.kind === "gone" && view.offer.status === "booked" ? (
          <p>
            An order for {view.offer.course_title} on {formatDateRangeWithWeekday(view.offer.start_date, view.offer.end_date)} was
            already placed with this link. Questions? <Link to={paths.contact}>Contact us</Link>.
          </p>
        ) : null}
        {view.kind === "gone" && view.offer.status === "expired" ? (
          <>
            <p>
              The places held for you on {view.offer.course_title} (
              {formatDateRangeWithWeekday(view.offer.start_date, view.offer.end_date)}) were offered to the next person on the
              waiting list. Other dates may still have places.
            </p>
            <ButtonLink as={Link} to={paths.course(view.offer.course_slug)}>
              See the course dates
            </ButtonLink>
          </>
        ) : null}
        {view.kind === "invalid" ? (
          <p>
            Please check the link in your e-mail, or <Link to={paths.contact}>contact us</Link> and we will help.
          </p>
        ) : null}
        {view.kind === "error" ? <p role="alert">{view.message}</p> : null}
      </div>
    </>
  );
}
