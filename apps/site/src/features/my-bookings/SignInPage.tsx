import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ButtonLink, Spinner } from "@app/ui";
import { PageHero } from "../../components/PageHero";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api";
import { pageTitle, type RouteHandle } from "../../lib/seo";
import { call } from "./client";
import "./my-bookings.css";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: pageTitle("Signing in", config.provider),
    description: "Signing in to My bookings.",
    keywords: ["my bookings"],
    path: paths.myBookings,
    breadcrumbs: [{ name: "My bookings", path: paths.myBookings }],
    robots: "noindex, nofollow",
  }),
};

/** The mailed sign-in link: spends it once (the API sets the session cookie), then lists the bookings. */
export default function SignInPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    call("/api/my-bookings/session", "POST", { token })
      .then(() => void navigate(paths.myBookings, { replace: true }))
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : "Something went wrong. Please try again."));
  }, [token, navigate]);
  return (
    <>
      <PageHero crumbs={[{ label: "Home", href: paths.home }, { label: "My bookings" }]} title="My bookings" />
      <div className="my-bookings">
        {error ? (
          <>
            <p role="alert">{error}</p>
            <ButtonLink href={paths.myBookings}>Ask for a new link</ButtonLink>
          </>
        ) : (
          <Spinner label="Signing you in" />
        )}
      </div>
    </>
  );
}
