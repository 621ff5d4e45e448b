/**
 * On the page of a course the office has withdrawn while people hold bookings (decision 369): no
 * booking, and a word for those who booked that their booking stands.
 */
export function WithdrawnNotice() {
  return (
    <section className="course-section book-block" id="book" aria-labelledby="book-title">
      <h2 id="book-title">No longer taking bookings</h2>
      <p>
        We are not taking new bookings for this course. If you have already booked it, your booking stands: the dates, venue and
        joining details in your confirmation e-mail still apply.
      </p>
    </section>
  );
}
