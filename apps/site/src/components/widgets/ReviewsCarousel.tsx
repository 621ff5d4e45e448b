import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { TouchEvent } from "react";
import { ChevronLeft, ChevronRight, Pause, Play, Star } from "lucide-react";
import { formatLongDate } from "@app/ui/format";
import type { Review } from "../../content/reviews";
import { MOBILE_QUERY, useMediaQuery } from "../../lib/useMediaQuery";

/** Spec §2/§9: 3 per page on desktop, 1 under 768px, 7 s auto-advance on phones only, 50px swipe. */
export const REVIEWS_PER_PAGE_DESKTOP = 3;
export const REVIEWS_PER_PAGE_MOBILE = 1;
export const REVIEWS_AUTO_ADVANCE_MS = 7000;
export const SWIPE_THRESHOLD_PX = 50;

function Stars({ rating }: { rating: number }) {
  return (
    <p className="review-card__stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} size={18} aria-hidden="true" className={i < rating ? "star star--on" : "star"} />
      ))}
    </p>
  );
}

/**
 * Student reviews carousel. Pages wrap around; on phones it moves on by itself every 7 seconds,
 * with a visible Pause/Play control (WCAG 2.2.2), and stops while pointer or keyboard focus is
 * inside it, when the tab is hidden, or when the visitor prefers reduced motion.
 */
export function ReviewsCarousel({
  reviews,
  heading = "What our students say",
}: {
  reviews: readonly Review[];
  heading?: string;
}) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const reduceMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const perPage = isMobile ? REVIEWS_PER_PAGE_MOBILE : REVIEWS_PER_PAGE_DESKTOP;
  const pageCount = Math.max(1, Math.ceil(reviews.length / perPage));
  const [page, setPage] = useState(0);
  const [paused, setPaused] = useState(false);
  const [holding, setHolding] = useState(false);
  const touchStartX = useRef<number | null>(null);
  const headingId = useId();

  // Switching between phone and desktop layouts keeps the first visible review in view.
  const previousPerPage = useRef(perPage);
  useEffect(() => {
    if (previousPerPage.current === perPage) return;
    setPage((p) => Math.min(Math.floor((p * previousPerPage.current) / perPage), pageCount - 1));
    previousPerPage.current = perPage;
  }, [perPage, pageCount]);

  const go = useCallback((delta: number) => setPage((p) => (p + delta + pageCount) % pageCount), [pageCount]);

  const rotating = isMobile && !paused && !holding && !reduceMotion;
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") go(1);
    }, REVIEWS_AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [rotating, go]);

  const current = Math.min(page, pageCount - 1);
  const visible = reviews.slice(current * perPage, current * perPage + perPage);

  function onTouchEnd(e: TouchEvent) {
    const start = touchStartX.current;
    touchStartX.current = null;
    const end = e.changedTouches[0]?.clientX;
    if (start === null || end === undefined) return;
    const dx = end - start;
    if (Math.abs(dx) > SWIPE_THRESHOLD_PX) go(dx < 0 ? 1 : -1);
  }

  return (
    <section
      className="reviews"
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      onMouseEnter={() => setHolding(true)}
      onMouseLeave={() => setHolding(false)}
      onFocus={() => setHolding(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHolding(false);
      }}
    >
      <div className="reviews__head">
        <h2 id={headingId}>{heading}</h2>
        <p className="reviews__summary">Over 500 verified reviews from our students on Google.</p>
      </div>
      <div
        className="reviews__viewport"
        onTouchStart={(e) => {
          touchStartX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={onTouchEnd}
      >
        <div className="reviews__track" aria-live={rotating ? "off" : "polite"} data-testid="reviews-track">
          {visible.map((review, i) => (
            <div
              key={review.id}
              className="review-card"
              role="group"
              aria-roledescription="slide"
              aria-label={`${current * perPage + i + 1} of ${reviews.length}`}
            >
              <Stars rating={review.rating} />
              <blockquote className="review-card__text">
                <p>{review.text}</p>
              </blockquote>
              <footer className="review-card__footer">
                <span className="review-card__avatar" aria-hidden="true">
                  {review.name.charAt(0)}
                </span>
                <span>
                  <span className="review-card__name">{review.name}</span>
                  <span className="review-card__date">
                    {formatLongDate(review.date)}
                    {review.source ? ` · ${review.source}` : ""}
                  </span>
                </span>
              </footer>
            </div>
          ))}
        </div>
      </div>
      <div className="reviews__controls">
        <button type="button" className="round-button" aria-label="Previous reviews" onClick={() => go(-1)}>
          <ChevronLeft size={22} aria-hidden="true" />
        </button>
        <div className="reviews__dots">
          {Array.from({ length: pageCount }, (_, i) => (
            <button
              key={i}
              type="button"
              className={i === current ? "reviews__dot reviews__dot--active" : "reviews__dot"}
              aria-label={`Show reviews page ${i + 1} of ${pageCount}`}
              aria-current={i === current ? "true" : undefined}
              onClick={() => setPage(i)}
            />
          ))}
        </div>
        <button type="button" className="round-button" aria-label="Next reviews" onClick={() => go(1)}>
          <ChevronRight size={22} aria-hidden="true" />
        </button>
        {isMobile && !reduceMotion ? (
          <button
            type="button"
            className="round-button reviews__pause"
            aria-label={paused ? "Play automatic scrolling of reviews" : "Pause automatic scrolling of reviews"}
            onClick={() => setPaused((v) => !v)}
          >
            {paused ? <Play size={20} aria-hidden="true" /> : <Pause size={20} aria-hidden="true" />}
          </button>
        ) : null}
      </div>
    </section>
  );
}
