import { Accordion } from "@app/ui";
import { paths } from "../../config/paths";
import { PageHero } from "../../components/PageHero";
import { useSiteConfig } from "../../config/site";
import { POLICIES, POLICY_DEFAULT_OPEN } from "../../content/policies";
import { keywords, pageTitle } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";

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
          defaultOpenId={POLICY_DEFAULT_OPEN}
          items={POLICIES.map((policy, i) => ({
            id: policy.id,
            title: (
              <>
                {/* One text node: Preact's hydration doubled the '.' of two adjacent ones. */}
                <span className="policy__number">{`${i + 1}.`}</span> {policy.title}
              </>
            ),
            content: (
              <div className="policy" id={policy.id}>
                {policy.body.map((p, j) => (
                  <p key={j}>{p.replaceAll("{provider}", provider.name)}</p>
                ))}
                <p className="policy__meta">
                  <span>Signed: {policy.signedBy}</span>
                  <span>Last Updated: {policy.lastUpdated}</span>
                </p>
              </div>
            ),
          }))}
        />
      </section>
    </>
  );
}
