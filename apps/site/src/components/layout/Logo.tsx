import { paths } from "../../config/paths";
import { useSiteConfig } from "../../config/site";
import { Link } from "../Link";

/** Our own mark: a shield with a check, drawn in SVG (no external images). */
export function ShieldMark({ size = 36 }: { size?: number }) {
  return (
    <svg className="logo__mark" viewBox="0 0 40 44" width={size} height={(size * 44) / 40} aria-hidden="true" focusable="false">
      <path d="M20 2 4 8v12c0 10.5 6.8 18.6 16 22 9.2-3.4 16-11.5 16-22V8L20 2Z" fill="#ffc21a" />
      <path d="M20 6.4 8 11v9c0 8.1 5 14.6 12 17.6 7-3 12-9.5 12-17.6v-9L20 6.4Z" fill="#0b2545" />
      <path
        d="m13.5 21.5 4.6 4.6 8.6-9.2"
        fill="none"
        stroke="#ffc21a"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const { provider } = useSiteConfig();
  return (
    <Link to={paths.home} className="logo" onClick={onNavigate}>
      <ShieldMark />
      <span className="logo__text">
        <span className="logo__name">{provider.name}</span>
        <span className="logo__tag">SIA-approved training in Bootle</span>
      </span>
    </Link>
  );
}
