import { paths } from "../../config/paths";
import { useCatalogue } from "../../lib/root-data";
import { PageHero } from "../../components/PageHero";
import { useSiteConfig } from "../../config/site";
import { keywords, pageTitle } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";
import { Link } from "../../components/Link";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: pageTitle("Site Map", config.provider),
    description: "Every page of our website in one place: SIA courses, shop, about us, contact details and policies.",
    keywords: keywords("site map"),
    path: paths.careers,
    breadcrumbs: [{ name: "Site Map", path: paths.careers }],
  }),
};

/** /careers is the footer's Site Map (spec §2): every page and every course. */
export default function SiteMapPage() {
  const courses = useCatalogue();
  const { provider } = useSiteConfig();
  const pages = [
    { to: paths.home, label: "Home" },
    { to: paths.allCourses, label: "All Courses" },
    { to: paths.shop, label: "Shop" },
    { to: paths.about, label: "About Us" },
    { to: paths.contact, label: "Contact Us" },
    { to: paths.privacy, label: "Privacy Policy and Terms of Service" },
    { to: paths.cart, label: "Your Cart" },
  ];
  return (
    <>
      <PageHero
        crumbs={[{ label: "Home", href: paths.home }, { label: "Site Map" }]}
        title="Site Map"
        subtitle="Everything on our website, in one place."
      />
      <div className="section ui-container sitemap">
        <section aria-labelledby="sitemap-pages">
          <h2 id="sitemap-pages">Pages</h2>
          <ul className="sitemap__list">
            {pages.map((p) => (
              <li key={p.to}>
                <Link to={p.to}>{p.label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sitemap-courses">
          <h2 id="sitemap-courses">Courses</h2>
          {courses.length === 0 ? (
            <p className="ui-muted">No courses available</p>
          ) : (
            <ul className="sitemap__list">
              {courses.map((c) => (
                <li key={c.id}>
                  <Link to={paths.course(c.slug)}>{c.title}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="sitemap-more">
          <h2 id="sitemap-more">More</h2>
          <ul className="sitemap__list">
            <li>
              <a href={provider.resources.siaNews} target="_blank" rel="noopener noreferrer">
                SIA News<span className="ui-visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={provider.resources.siaCareers} target="_blank" rel="noopener noreferrer">
                SIA Careers<span className="ui-visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={paths.sitemap}>sitemap.xml</a>
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}
