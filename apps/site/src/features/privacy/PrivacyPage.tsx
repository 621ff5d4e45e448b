import { useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "react-router";
import { MONTHS_LONG } from "@app/rules";
import { Accordion } from "@app/ui";
import { formatLongDate } from "@app/ui/format";
import { paths } from "../../config/paths";
import { PageHero } from "../../components/PageHero";
import { useSiteConfig } from "../../config/site";
import { POLICIES, POLICY_DEFAULT_OPEN } from "../../content/policies";
import { keywords, pageTitle } from "../../lib/seo";
import { escapeHtml } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";
import { fetchWebsite, policiesOf } from "../../lib/website";
import type { PolicyText } from "../../lib/website";

/** '2022-02-14' → '14th February 2022' (the spec's 'Last Updated' style). */
function lastUpdated(iso: string): string {
  return formatLongDate(iso).replace(",", "");
}

/** The built-in policies (the API's version 0), for when the API did not answer. */
const BUILT_IN: PolicyText[] = POLICIES.map((p) => {
  const [day, month, year] = p.lastUpdated.split(" ");
  const signedOn = `${year}-${String(MONTHS_LONG.indexOf(month as (typeof MONTHS_LONG)[number]) + 1).padStart(2, "0")}-${day!.replace(/\D/g, "").padStart(2, "0")}`;
  return {
    id: p.id,
    title: p.title,
    signedBy: p.signedBy,
    signedOn,
    bodyHtml: p.body.map((b) => `<p>${escapeHtml(b)}</p>`).join("\n"),
  };
});

/** The current version of every policy the office published (decision 366). */
export async function loader({ request }: LoaderFunctionArgs): Promise<{ policies: PolicyText[] }> {
  const website = await fetchWebsite(request);
  return { policies: website ? policiesOf(website) : BUILT_IN };
}

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: pageTitle("Privacy Policy and Terms", config.provider),
    description:
      "Your privacy matters – understand how we protect your data. Also our health and safety, malpractice, DBS, diversity and anti-slavery policies.",
    keywords: keywords("privacy policy", "terms of service", "training centre policies"),
    path: paths.privacy,
    breadcrumbs: [{ name: "Privacy Policy", path: paths.privacy }],
  }),
};

/** Spec §2 /privacy: the seven numbered policies as an accordion, 'Health and Safety' open first. */
export default function PrivacyPage() {
  const { provider } = useSiteConfig();
  // Outside a data router (unit tests) the built-in words show.
  const policies = (useLoaderData() as { policies: PolicyText[] } | undefined)?.policies ?? BUILT_IN;
  const name = escapeHtml(provider.name);
  return (
    <>
      <PageHero
        crumbs={[{ label: "Home", href: paths.home }, { label: "Privacy Policy" }]}
        title="Privacy Policy"
        subtitle="Your privacy matters – understand how we protect your data."
      />
      <section className="section ui-container policies" aria-label="Policies">
        <Accordion
          headingLevel={2}
          defaultOpenId={policies.some((p) => p.id === POLICY_DEFAULT_OPEN) ? POLICY_DEFAULT_OPEN : policies[0]?.id}
          items={policies.map((policy, i) => ({
            id: policy.id,
            title: (
              <>
                {/* One text node: Preact's hydration doubled the '.' of two adjacent ones. */}
                <span className="policy__number">{`${i + 1}.`}</span> {policy.title}
              </>
            ),
            content: (
              <div className="policy" id={policy.id}>
                {/* HTML the API cut down to its allow-list (decision 362). */}
                <div className="rich-text" dangerouslySetInnerHTML={{ __html: policy.bodyHtml.replaceAll("{provider}", name) }} />
                <p className="policy__meta">
                  <span>Signed: {policy.signedBy}</span>
                  <span>Last Updated: {lastUpdated(policy.signedOn)}</span>
                </p>
              </div>
            ),
          }))}
        />
      </section>
    </>
  );
}
