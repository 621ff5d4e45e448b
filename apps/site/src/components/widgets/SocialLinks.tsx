import { useSiteConfig } from "../../config/site";
import { SOCIAL_NETWORKS } from "./SocialIcons";

/** The four social links (spec §2 footer and contact page). */
export function SocialLinks({ className }: { className?: string }) {
  const { provider } = useSiteConfig();
  return (
    <ul className={className ? `social-links ${className}` : "social-links"}>
      {SOCIAL_NETWORKS.map(({ key, name, Icon }) => (
        <li key={key}>
          <a
            href={provider.social[key]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${name} (opens in a new tab)`}
            className="social-links__link"
          >
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}
