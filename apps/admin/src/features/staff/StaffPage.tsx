import { useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, ConfirmDialog, ErrorState, SelectField, TextField, useToast } from "@app/ui";
import { relativeTime as relativeTimeUi } from "@app/ui/format";

/** 'just now', '5 minutes ago': in the middle of a sentence. */
const relativeTime = (iso: string) => {
  const t = relativeTimeUi(iso);
  return t.charAt(0).toLowerCase() + t.slice(1);
};
import { InviteSchema, STAFF_ROLES, type StaffMember, type StaffRole } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";
import { ApiError, errorMessage } from "../../lib/errors";
import { useAuth } from "../../lib/auth";
import { usePageTitle } from "../../components/usePageTitle";
import { LoadingNote } from "../../components/Loading";
import { ROLE_LABELS } from "../../config/roles";
import "../../styles/account-pages.css";

const ROLE_HELP: Record<StaffRole, string> = {
  owner: "Everything, including staff and settings",
  office: "Bookings, refunds, messages, courses, shop, discounts, learner records",
  trainer: "Only registers and learner records of course dates",
};
const roleOptions = STAFF_ROLES.map((r) => ({ value: r, label: `${ROLE_LABELS[r]} — ${ROLE_HELP[r]}` }));

/** The owner's staff screen: invite by e-mail, change roles, disable (their sessions end at once). */
export default function StaffPage() {
  usePageTitle("Staff");
  const { user } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const staff = useQuery({ queryKey: queryKeys.staff, queryFn: () => unwrap(api.staff.list()) });
  const [disabling, setDisabling] = useState<StaffMember | null>(null);

  const update = useMutation({
    mutationFn: (v: { id: number; role?: StaffRole; disabled?: boolean }) =>
      unwrap(api.staff.update({ params: { id: v.id }, body: { role: v.role, disabled: v.disabled } })),
    onSuccess: (member, v) => {
      toast.success(
        v.disabled === true
          ? `${member.name} is disabled and signed out`
          : v.disabled === false
            ? `${member.name} is enabled`
            : `${member.name} is now ${ROLE_LABELS[member.role]}`,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.staff });
    },
    onError: (e) => toast.error(errorMessage(e)),
    onSettled: () => setDisabling(null),
  });

  return (
    <section className="admin-page security-page">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Staff</h1>
          <p className="admin-page__subtitle">Who can use the Admin Portal, and what their role lets them do</p>
        </div>
      </header>

      <InviteForm />

      <div className="admin-card security-card">
        <h2 className="security-card__title">Members of staff</h2>
        {staff.isError ? (
          <ErrorState
            title="Staff could not be loaded"
            message={errorMessage(staff.error)}
            onRetry={() => void staff.refetch()}
          />
        ) : staff.isPending ? (
          <LoadingNote label="Loading staff..." />
        ) : (
          <ul className="staff-list" aria-label="Members of staff">
            {staff.data.map((m) => (
              <li key={m.id} className="staff-list__item">
                <div className="staff-list__who">
                  <strong>{m.name}</strong>
                  <span>{m.email}</span>
                  <span className="staff-list__meta">
                    <span className={`security-badge security-badge--${m.status}`}>
                      {m.status === "active" ? "Active" : m.status === "invited" ? "Invited" : "Disabled"}
                    </span>{" "}
                    {m.second_factor ? "Second factor on" : "No second factor"}
                    {m.last_active_at ? ` · active ${relativeTime(m.last_active_at)}` : ""}
                  </span>
                </div>
                <div className="staff-list__actions">
                  <SelectField
                    label={`Role of ${m.name}`}
                    fieldClassName="staff-list__role"
                    value={m.role}
                    disabled={m.id === user?.id || update.isPending}
                    options={STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
                    onChange={(e) => update.mutate({ id: m.id, role: e.target.value as StaffRole })}
                  />
                  {m.id === user?.id ? null : m.status === "disabled" ? (
                    <Button variant="secondary" size="sm" onClick={() => update.mutate({ id: m.id, disabled: false })}>
                      Enable
                    </Button>
                  ) : (
                    <Button variant="danger" size="sm" onClick={() => setDisabling(m)}>
                      Disable
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={disabling !== null}
        title="Disable staff member"
        message={`${disabling?.name ?? ""} will be signed out everywhere at once and cannot sign in until enabled again.`}
        confirmLabel="Disable"
        danger
        busy={update.isPending}
        busyLabel="Disabling..."
        onConfirm={() => disabling && update.mutate({ id: disabling.id, disabled: true })}
        onCancel={() => setDisabling(null)}
      />
    </section>
  );
}

function InviteForm() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole | "">("");
  const [errors, setErrors] = useState<Partial<Record<"name" | "email" | "role", string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = InviteSchema.safeParse({ name, email, role: role || undefined });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const member = await unwrap(api.staff.invite({ body: parsed.data }));
      toast.success(`Invitation sent to ${member.email}`);
      setName("");
      setEmail("");
      setRole("");
      void queryClient.invalidateQueries({ queryKey: queryKeys.staff });
    } catch (error) {
      if (error instanceof ApiError && error.body.issues?.length) {
        const found: typeof errors = {};
        for (const i of error.body.issues) found[i.path as keyof typeof errors] ??= i.message;
        setErrors(found);
      } else toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-card security-card" onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title" className="security-card__title">
        Invite a member of staff
      </h2>
      <p className="security-card__text">
        They get an e-mail with a link to choose their password. The link works once, for 72 hours.
      </p>
      <div className="security-form security-form--grid">
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoComplete="off" />
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          autoComplete="off"
        />
        <SelectField
          label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
          error={errors.role}
          placeholder="Choose a role"
          options={roleOptions}
        />
        <Button type="submit" loading={busy} loadingLabel="Sending...">
          Send invitation
        </Button>
      </div>
    </form>
  );
}
