import { useEffect, useState } from "react";
import { Check, Mail, RotateCcw } from "lucide-react";
import { Button, ButtonLink, EmptyState, ErrorState, Modal, SelectField, useToast } from "@app/ui";
import type { ContactMessage, MessageFilter } from "@app/contract";
import { useMessagesPage, useSetHandled } from "./api";
import { replyMailto } from "./reply";
import { errorMessage } from "../../lib/errors";
import { usePageTitle } from "../../components/usePageTitle";
import { PrevNextPager } from "../../components/PrevNextPager";
import { TableSkeletonRows } from "../../components/TableSkeleton";
import { LoadingNote } from "../../components/Loading";
import "./messages.css";

/** Spec §9: messages page size 10, 5 skeleton rows. */
export const MESSAGES_PAGE_SIZE = 10;
const SKELETON_ROWS = 5;

/** Spec §2: the date shown is the part of created_at before 'T'. */
export function messageDate(createdAt: string): string {
  return createdAt.split("T")[0] ?? createdAt;
}

function fullName(m: ContactMessage): string {
  return `${m.firstName} ${m.lastName}`.trim();
}

const FILTERS: { value: MessageFilter; label: string }[] = [
  { value: "all", label: "All messages" },
  { value: "unhandled", label: "Unhandled" },
  { value: "handled", label: "Handled" },
];

function HandledBadge({ message }: { message: ContactMessage }) {
  return message.handled_at ? (
    <span className="msg-badge msg-badge--handled">Handled</span>
  ) : (
    <span className="msg-badge msg-badge--open">Unhandled</span>
  );
}

export default function MessagesPage() {
  usePageTitle("Messages");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const [filter, setFilter] = useState<MessageFilter>("all");
  const toast = useToast();
  // Paged on the server (decision 112): one page of 10 per request, the total from the API.
  const query = useMessagesPage(page, MESSAGES_PAGE_SIZE, filter);
  const setHandled = useSetHandled({
    onSuccess: (message) => {
      setOpen(message);
      toast.success(message.handled_at ? "Message marked as handled" : "Message marked as unhandled");
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  useEffect(() => {
    if (query.data && page > totalPages) setPage(totalPages);
  }, [query.data, page, totalPages]);

  return (
    <section className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Messages</h1>
          <p className="admin-page__subtitle">List of received messages from your clients</p>
        </div>
        <SelectField
          label="Show"
          fieldClassName="msg-filter"
          value={filter}
          options={FILTERS}
          onChange={(e) => {
            setFilter(e.target.value as MessageFilter);
            setPage(1);
          }}
        />
      </header>
      <div className="admin-card">
        {query.isError ? (
          <div className="admin-card__body">
            <ErrorState
              title="Messages could not be loaded"
              message={errorMessage(query.error)}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          </div>
        ) : !query.isPending && total === 0 ? (
          <div className="admin-card__body">
            {filter === "all" ? (
              <EmptyState title="No messages yet" text="Messages sent through the contact form will show here." />
            ) : (
              <EmptyState
                title={filter === "unhandled" ? "No unhandled messages" : "No handled messages"}
                text="Choose 'All messages' to see every message."
              />
            )}
          </div>
        ) : (
          <div className="admin-table-wrap" aria-busy={query.isPending || undefined}>
            {query.isPending ? <LoadingNote label="Loading messages..." /> : null}
            <table className="admin-table admin-table--cards messages-table">
              <caption className="ui-visually-hidden">
                Received messages, newest first. Select a name to read the message.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Full Name</th>
                  <th scope="col">Email Address</th>
                  <th scope="col">Phone Number</th>
                  <th scope="col">Message</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {query.isPending ? (
                  <TableSkeletonRows rows={SKELETON_ROWS} columns={6} />
                ) : (
                  items.map((m) => (
                    <tr key={m.id} className="admin-table__row--click" onClick={() => setOpen(m)}>
                      <td data-label="Date" className="admin-table__nowrap">
                        {messageDate(m.created_at)}
                      </td>
                      <td data-label="Full Name">
                        <button
                          type="button"
                          className="admin-rowbtn"
                          onClick={(e) => {
                            e.stopPropagation();
                            setOpen(m);
                          }}
                        >
                          {fullName(m)}
                        </button>
                      </td>
                      <td data-label="Email Address" className="admin-table__break">
                        {m.emailAddress}
                      </td>
                      <td data-label="Phone Number" className="admin-table__nowrap">
                        {m.phoneNumber}
                      </td>
                      <td data-label="Message" className="messages-table__message">
                        <span className="admin-truncate">{m.message}</span>
                      </td>
                      <td data-label="Status">
                        <HandledBadge message={m} />
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}
        {!query.isPending && !query.isError && total > 0 ? (
          <div className="admin-card__footer">
            <p className="admin-showing">
              Showing {items.length} of {total}
            </p>
            {totalPages > 1 ? (
              <PrevNextPager page={current} totalPages={totalPages} onPageChange={setPage} label="Message pages" />
            ) : null}
          </div>
        ) : null}
      </div>

      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title="Message Details"
        size="md"
        footer={
          <div className="msg-actions">
            {open ? (
              <>
                <ButtonLink href={replyMailto(open)} variant="secondary">
                  <Mail size={18} aria-hidden="true" />
                  Reply
                </ButtonLink>
                <Button
                  variant="secondary"
                  loading={setHandled.isPending}
                  loadingLabel="Saving..."
                  onClick={() => setHandled.mutate({ id: open.id, handled: !open.handled_at })}
                >
                  {open.handled_at ? <RotateCcw size={18} aria-hidden="true" /> : <Check size={18} aria-hidden="true" />}
                  {open.handled_at ? "Mark as unhandled" : "Mark as handled"}
                </Button>
              </>
            ) : null}
            <Button variant="secondary" onClick={() => setOpen(null)}>
              Close
            </Button>
          </div>
        }
      >
        {open ? (
          <dl className="admin-details">
            <div>
              <dt>Date</dt>
              <dd>{messageDate(open.created_at)}</dd>
            </div>
            <div>
              <dt>Full Name</dt>
              <dd>{fullName(open)}</dd>
            </div>
            <div>
              <dt>Email Address</dt>
              <dd>
                <a href={`mailto:${open.emailAddress}`}>{open.emailAddress}</a>
              </dd>
            </div>
            <div>
              <dt>Phone Number</dt>
              <dd>
                <a href={`tel:${open.phoneNumber.replace(/[^\d+]/g, "")}`}>{open.phoneNumber}</a>
              </dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <HandledBadge message={open} />
                {open.handled_at ? (
                  <span className="msg-handled-by">
                    {" "}
                    by {open.handled_by ?? "staff"} on {messageDate(open.handled_at)}
                  </span>
                ) : null}
              </dd>
            </div>
            <div className="admin-details__wide">
              <dt>Message</dt>
              {/* Plain text, never HTML: React escapes it; pre-wrap keeps the sender's line breaks. */}
              <dd className="admin-details__text">{open.message}</dd>
            </div>
          </dl>
        ) : null}
      </Modal>
    </section>
  );
}
