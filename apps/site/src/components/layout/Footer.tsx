import { Mail, MapPin, Phone, Smartphone } from "lucide-react";
import { paths } from "../../config/paths";
import { useCatalogue } from "../../lib/root-data";
import { useSiteConfig } from "../../config/site";
import { formatAddress, phoneText, telHref } from "../../config/provider";
import { FOOTER_COURSES } from "../../lib/catalogue";
import { SocialLinks } from "../widgets/SocialLinks";
import { ShieldMark } from "./Logo";
import { Link } from "../Link";

/** Spec §2 footer: contacts, Quick Links, the first four courses, Others, four social links, designer credit. */
export function Footer() {
  const { provider, adminLoginUrl } = useSiteConfig();
  const courses = useCatalogue().slice(0, FOOTER_COURSES);
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer ui-on-dark">
      <div className="ui-container site-footer__grid">
        <section aria-labelledby="footer-contact">
          <div className="site-footer__brand">
            <ShieldMark size={32} />
            <span>{provider.name}</span>
          </div>
          <h2 id="footer-contact" className="site-footer__heading">
            Contact us
          </h2>
          <ul className="site-footer__contacts">
            <li>
              <MapPin size={18} aria-hidden="true" />
              <span>
                <span className="ui-visually-hidden">Address: </span>
                {formatAddress(provider)}
              </span>
            </li>
            <li>
              <Smartphone size={18} aria-hidden="true" />
              <a href={telHref(provider.mobile)}>
                <span className="ui-visually-hidden">Mobile: </span>
                {phoneText(provider.mobile)}
              </a>
            </li>
            <li>
              <Phone size={18} aria-hidden="true" />
              <a href={telHref(provider.phone)}>
                <span className="ui-visually-hidden">Phone: </span>
                {phoneText(provider.phone)}
              </a>
            </li>
            <li>
              <Mail size={18} aria-hidden="true" />
              <a href={`mailto:${provider.email}`}>
                <span className="ui-visually-hidden">E-mail: </span>
                {provider.email}
              </a>
            </li>
          </ul>
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="site-footer__heading">
            Quick Links
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to={paths.home}>Home</Link>
            </li>
            <li>
              <Link to={paths.allCourses}>All Courses</Link>
            </li>
            <li>
              <Link to={paths.about}>About Us</Link>
            </li>
            <li>
              <Link to={paths.contact}>Contact Us</Link>
            </li>
            <li>
              <Link to={paths.shop}>Shop</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-courses">
          <h2 id="footer-courses" className="site-footer__heading">
            Courses
          </h2>
          <ul className="site-footer__links">
            {courses.map((c) => (
              <li key={c.id}>
                <Link to={paths.course(c.slug)}>{c.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-others">
          <h2 id="footer-others" className="site-footer__heading">
            Others
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to={paths.bookingTerms}>Terms of Service</Link>
            </li>
            <li>
              <Link to={paths.privacy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={paths.careers}>Site Map</Link>
            </li>
            <li>
              <Link to={paths.cart}>Your Cart</Link>
            </li>
            <li>
              <a href={adminLoginUrl}>Admin Login</a>
            </li>
          </ul>
          <h2 className="site-footer__heading site-footer__heading--follow">Follow us</h2>
          <SocialLinks />
        </nav>
      </div>
      <div className="site-footer__bottom">
        <div className="ui-container site-footer__bottom-inner">
          <p>
            © {year} {provider.name}. All rights reserved.
          </p>
          <p>
            Designed by{" "}
            <a href={provider.designer.url} target="_blank" rel="noopener noreferrer">
              {provider.designer.name}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
