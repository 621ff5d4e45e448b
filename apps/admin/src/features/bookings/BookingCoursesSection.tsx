/**
 * The booking page's courses and dates: each item's date, places and add-ons, its attendees with
 * the office's per-attendee actions (issue 27), and the transfer and register links.
 */
import { Link } from "react-router-dom";
import { ArrowLeftRight, PenLine, Printer, UserRoundPen, UserX } from "lucide-react";
import { Button, buttonClassName } from "@app/ui";
import type { BookingDetail } from "@app/contract";
import { paths } from "../../config/paths";
import type { AttendeeAction } from "./AttendeeDialogs";
import { BookingSection as Section } from "./BookingSection";
import { courseDate, money } from "./format";

export function BookingCoursesSection({
  booking,
  canTransfer,
  onTransfer,
  onAttendee,
}: {
  booking: BookingDetail;
  canTransfer: boolean;
  onTransfer: (itemId: number) => void;
  onAttendee?: (kind: AttendeeAction, itemId: number, attendeeId: number) => void;
}) {
  return (
    <Section id="bk-courses" title={`Courses and dates (${booking.items.length})`}>
      <ul className="bk-items">
        {booking.items.map((item) => (
          <li key={item.id} className="bk-item">
            <div className="bk-item__head">
              <h3 className="bk-item__title">{item.title}</h3>
              <span className="bk-item__price">{money(item.price_paid)}</span>
            </div>
            <ul className="bk-item__meta">
              <li>{courseDate(item.start_date, item.end_date)}</li>
              {item.time ? <li>{item.time}</li> : null}
              {item.duration ? <li>{item.duration}</li> : null}
              <li>{item.seats === 1 ? "1 place" : `${item.seats} places`}</li>
              {item.original_price !== item.price_paid ? <li>Before discount {money(item.original_price)}</li> : null}
            </ul>
            {item.add_ons.length > 0 ? (
              <p>
                <strong>Add-ons:</strong> {item.add_ons.map((a) => `${a.name} (${money(a.price)})`).join(", ")}
              </p>
            ) : (
              <p className="ui-muted">No add-ons</p>
            )}
            <div>
              <h4 className="content-fact-label">Attendees</h4>
              <ol className="bk-item__attendees">
                {item.attendees.map((a) => (
                  <li key={a.id} className="bk-attendee">
                    <span>
                      {a.first_name} {a.last_name}
                      {a.email ? <span className="ui-muted"> · {a.email}</span> : null}
                      {a.learner_form && a.learner_form !== "none" ? (
                        <span className="ui-muted">
                          {" "}
                          · {a.learner_form === "complete" ? "Learner form complete" : "Learner form to fill in"}
                        </span>
                      ) : null}
                    </span>
                    {onAttendee ? (
                      <span
                        className="bk-attendee__actions"
                        role="group"
                        aria-label={`Actions for ${a.first_name} ${a.last_name}`}
                      >
                        <Button variant="ghost" size="sm" onClick={() => onAttendee("rename", item.id, a.id)}>
                          <PenLine size={16} aria-hidden="true" />
                          Rename
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => onAttendee("swap", item.id, a.id)}>
                          <UserRoundPen size={16} aria-hidden="true" />
                          Swap
                        </Button>
                        {item.seats > 1 ? (
                          <Button variant="ghost" size="sm" onClick={() => onAttendee("cancel", item.id, a.id)}>
                            <UserX size={16} aria-hidden="true" />
                            Cancel place
                          </Button>
                        ) : null}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ol>
            </div>
            <div className="bk-item__links">
              {canTransfer && item.course_date_id !== null ? (
                <Button variant="secondary" size="sm" onClick={() => onTransfer(item.id)}>
                  <ArrowLeftRight size={16} aria-hidden="true" />
                  Transfer to another date
                </Button>
              ) : null}
              {item.course_date_id !== null ? (
                <Link className={buttonClassName({ variant: "ghost", size: "sm" })} to={paths.register(item.course_date_id)}>
                  <Printer size={16} aria-hidden="true" />
                  Register for this date
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
