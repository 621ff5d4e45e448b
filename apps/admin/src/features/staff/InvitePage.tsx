import { useState } from "react";
import type { FormEvent } from "react";
import { Link, useParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { Button, Spinner, TextField, buttonClassName } from "@app/ui";
import { PASSWORD_RULES_TEXT } from "@app/contract";
import { api, unwrap } from "../../lib/api";
import { ApiError, errorMessage } from "../../lib/errors";
import { usePageTitle } from "../../components/usePageTitle";
import { paths } from "../../config/paths";

/** The link of an invitation e-mail: choose a password (once, within 72 hours). */
export default function InvitePage() {
  usePageTitle("Choose your password");
  const { token = "" } = useParams();
  const invite = useQuery({
    queryKey: ["invite", token],
    queryFn: () => unwrap(api.staff.inviteInfo({ params: { token } })),
    retry: false,
  });
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<{ password?: string; repeat?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!password) return setErrors({ password: "Please enter a new password" });
    if (password !== repeat) return setErrors({ repeat: "The passwords do not match" });
    setErrors({});
    setBusy(true);
    try {
      await unwrap(api.staff.acceptInvite({ params: { token }, body: { password } }));
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.body.issues?.[0]) setErrors({ password: error.body.issues[0].message });
      else setErrors({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <div className="login__card">
        <div className="login__badge" aria-hidden="true">
          <ShieldCheck size={36} />
        </div>
        <h1 className="login__title">Choose your password</h1>
        {invite.isPending ? (
          <Spinner label="Checking your invitation" />
        ) : invite.isError ? (
          <>
            <p className="login__error" role="alert">
              {errorMessage(invite.error)}
            </p>
            <Link className={buttonClassName({ variant: "secondary", fullWidth: true })} to={paths.login}>
              Go to sign in
            </Link>
          </>
        ) : done ? (
          <>
            <p className="login__subtitle" role="status">
              Your password is set. You can now sign in.
            </p>
            <Link className={buttonClassName({ variant: "primary", fullWidth: true })} to={paths.login}>
              Sign in
            </Link>
          </>
        ) : (
          <form className="login__form" onSubmit={submit} noValidate>
            <p className="login__subtitle">
              Welcome, {invite.data.name}. You sign in as <strong>{invite.data.email}</strong>.
            </p>
            <input type="email" name="username" autoComplete="username" value={invite.data.email} readOnly hidden />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
              hint={PASSWORD_RULES_TEXT}
            />
            <TextField
              label="Repeat the password"
              type="password"
              autoComplete="new-password"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
              error={errors.repeat}
            />
            {errors.form ? (
              <p className="login__error" role="alert">
                {errors.form}
              </p>
            ) : null}
            <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel="Saving...">
              Set password
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
