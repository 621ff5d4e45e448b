import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { ArrowLeft, Download, Printer } from "lucide-react";
import { Button, EmptyState, ErrorState, Spinner, buttonClassName, useToast } from "@app/ui";
import { formatDateRangeWithWeekday, formatDayWithWeekday } from "@app/contract/dates";
import { LICENCE_KIND_LABELS } from "@app/contract";
import { paths } from "../../config/paths";
import { can, SCREEN_ROLES } from "../../config/roles";
import { useAuth } from "../../lib/auth";
import { errorMessage } from "../../lib/errors";
import { usePageTitle } from "../../components/usePageTitle";
import { downloadFile, useLearnerBoard, useMarkAllPresent } from "./api";
import { LearnerCard } from "./LearnerCard";
import { MockScores } from "./MockScores";
import "./learners.css";

const todayUk = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

/**
 * One course date: the readiness board (filter 'Not ready') and the digital register used in the
 * classroom. Personal files and exports only for roles the API allows (office and owner).
 */
export default function LearnerBoardPage() {
  const { courseDateId } = useParams();
  const dateId = Number(courseDateId);
  const query = useLearnerBoard(dateId);
  const { role } = useAuth();
  const toast = useToast();
  const [filter, setFilter] = useState<"all" | "not_ready">("all");
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const markAll = useMarkAllPresent(dateId);
  const board = query.data;
  usePageTitle(board ? `Learners: ${board.course_title}` : "Learners");
  const office = can(role, SCREEN_ROLES.office);

  if (query.isPending) return <Spinner size="lg" label="Loading the learners..." />;
  if (query.isError || !board) {
    return (
      <ErrorState
        title="The learners could not be loaded"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const notReady = board.learners.filter((l) => !l.readiness.ready);
  const shown = filter === "not_ready" ? notReady : board.learners;
  const today = todayUk();
  // The register is taken for one day at a time: today during the course, else the first day.
  const day = chosenDay ?? (board.days.includes(today) ? today : board.days[0]!);
  // The register records what happened: a day still ahead opens on the day, unless the office gives a reason.
  const ahead = day > today;
  const override = ahead && office ? reason.trim() : "";

  return (
    <div className="learners">
      <Link to={paths.learners} className="learners__back">
        <ArrowLeft size={16} aria-hidden="true" /> All course dates
      </Link>
      <header className="learners__head">
        <h1>{board.course_title}</h1>
        <p>
          {formatDateRangeWithWeekday(board.start_date, board.end_date)} · {board.time} ·{" "}
          {LICENCE_KIND_LABELS[board.licence_kind]}
          {board.first_aid_required ? " · first aid required" : ""}
        </p>
      </header>
      <div className="learners__toolbar">
        <div className="learner-seg" role="group" aria-label="Show">
          <button
            type="button"
            className={`learner-seg__btn ${filter === "all" ? "learner-seg__btn--on" : ""}`}
            aria-pressed={filter === "all"}
            onClick={() => setFilter("all")}
          >
            All ({board.learners.length})
          </button>
          <button
            type="button"
            className={`learner-seg__btn ${filter === "not_ready" ? "learner-seg__btn--on" : ""}`}
            aria-pressed={filter === "not_ready"}
            onClick={() => setFilter("not_ready")}
          >
            Not ready ({notReady.length})
          </button>
        </div>
        <label className="learners__day">
          <span>Register for</span>
          <select className="ui-input ui-select" value={day} onChange={(e) => setChosenDay(e.target.value)}>
            {board.days.map((d, i) => (
              <option key={d} value={d}>
                Day {i + 1}, {formatDayWithWeekday(d)}
                {d === today ? " (today)" : ""}
              </option>
            ))}
          </select>
        </label>
        <div className="learners__actions">
          <Link to={paths.learnerPrint(dateId)} className={buttonClassName({ variant: "secondary" })}>
            <Printer size={18} aria-hidden="true" /> Printable register
          </Link>
          {office ? (
            <Button
              variant="secondary"
              onClick={() =>
                void downloadFile(
                  `/api/admin/learners/dates/${dateId}/registration.csv`,
                  `registration-${board.start_date}.csv`,
                ).catch((e: unknown) => toast.error(errorMessage(e)))
              }
            >
              <Download size={18} aria-hidden="true" /> Registration CSV
            </Button>
          ) : null}
        </div>
      </div>
      <div className="learners__register-bar">
        {ahead ? (
          <p className="learners__note" role="status">
            {formatDayWithWeekday(day)} is still ahead: attendance opens on the day (UK time)
            {office ? ". The office can record it now with a reason." : "."}
          </p>
        ) : null}
        {ahead && office ? (
          <label className="learners__reason">
            <span>Reason to record before the day</span>
            <input className="ui-input" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
          </label>
        ) : null}
        <Button
          variant="secondary"
          disabled={board.learners.length === 0 || (ahead && override.length < 5)}
          loading={markAll.isPending}
          loadingLabel="Saving..."
          onClick={() =>
            markAll.mutate(
              { day, ...(override ? { override_reason: override } : {}) },
              {
                onSuccess: () => toast.success(`Everyone without a mark is present on ${formatDayWithWeekday(day)}`),
                onError: (e) => toast.error(errorMessage(e)),
              },
            )
          }
        >
          Mark everyone present
        </Button>
      </div>
      {!shown.length ? (
        <EmptyState
          title={filter === "not_ready" ? "Everyone is ready" : "No learners on this date"}
          text={
            filter === "not_ready"
              ? "Every learner's details, first aid and declarations are in."
              : "Paid bookings of this date appear here."
          }
        />
      ) : (
        <div className="learners__grid">
          {shown.map((l) => (
            <LearnerCard
              key={l.id}
              learner={l}
              board={board}
              canSeePersonalFiles={office}
              today={today}
              day={day}
              overrideReason={office ? reason : ""}
            />
          ))}
        </div>
      )}
      <MockScores dateId={dateId} />
    </div>
  );
}
