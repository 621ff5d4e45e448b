import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { courseDates } from "./catalogue";
import { tstz } from "./types";

/**
 * Which trainers teach which course dates (issue 27, decision 332): assigned by the office; a
 * trainer's registers, enrolments and exports show only the dates listed here for them.
 */
export const courseDateTrainers = pgTable(
  "course_date_trainers",
  {
    courseDateId: integer("course_date_id")
      .notNull()
      .references(() => courseDates.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assignedBy: text("assigned_by").notNull(),
    assignedAt: tstz("assigned_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseDateId, t.userId] }), index("course_date_trainers_user_idx").on(t.userId)],
);
