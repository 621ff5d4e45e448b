import { lazy, Suspense } from "react";
import { useAuth } from "../lib/auth";
import { can, SCREEN_ROLES } from "../config/roles";
import { LoadingNote } from "../components/Loading";

// Loaded only for the role that sees them.
const BookingsPage = lazy(() => import("../features/bookings/BookingsPage"));
const EnrolmentsPage = lazy(() => import("../features/enrolments/EnrolmentsPage"));

/**
 * /enrolments (the spec's route and menu entry): the office and the owner get the bookings list
 * with its actions (office booking tools, decision 185); a trainer, whose role may not read bookings, keeps the
 * enrolments screen that leads to the registers.
 */
export default function EnrolmentsHome() {
  const { role } = useAuth();
  return (
    <Suspense fallback={<LoadingNote label="Loading..." />}>
      {can(role, SCREEN_ROLES.office) ? <BookingsPage /> : <EnrolmentsPage />}
    </Suspense>
  );
}
