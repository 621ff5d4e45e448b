import type { DbOrTx } from "../client";
import { storeImageBytes } from "../../modules/images";

const ICONS: Record<string, string> = {
  // A shield (door supervision, guarding)
  shield:
    '<path d="M0 -70 L58 -48 L58 6 C58 44 30 68 0 82 C-30 68 -58 44 -58 6 L-58 -48 Z" fill="none" stroke="#f2b233" stroke-width="10" stroke-linejoin="round"/><path d="M-24 4 L-6 24 L28 -18" fill="none" stroke="#f2b233" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>',
  // A camera (CCTV)
  camera:
    '<rect x="-66" y="-34" width="100" height="56" rx="10" fill="none" stroke="#f2b233" stroke-width="10"/><path d="M34 -18 L70 -36 L70 26 L34 8 Z" fill="none" stroke="#f2b233" stroke-width="10" stroke-linejoin="round"/><circle cx="-16" cy="-6" r="13" fill="#f2b233"/><path d="M-40 22 L-40 62 M-64 62 L-16 62" stroke="#f2b233" stroke-width="10" stroke-linecap="round"/>',
  // A cross (first aid)
  cross:
    '<circle r="76" fill="none" stroke="#f2b233" stroke-width="10"/><path d="M-16 -48 H16 V-16 H48 V16 H16 V48 H-16 V16 H-48 V-16 H-16 Z" fill="#f2b233"/>',
  // A refresh arrow (refresher courses)
  refresh:
    '<path d="M52 -30 A62 62 0 1 0 60 20" fill="none" stroke="#f2b233" stroke-width="10" stroke-linecap="round"/><path d="M30 -44 L62 -34 L58 -2" fill="none" stroke="#f2b233" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>',
  // A plus inside a shield outline (top-ups)
  plus: '<path d="M0 -70 L58 -48 L58 6 C58 44 30 68 0 82 C-30 68 -58 44 -58 6 L-58 -48 Z" fill="none" stroke="#f2b233" stroke-width="10" stroke-linejoin="round"/><path d="M0 -26 V34 M-30 4 H30" stroke="#f2b233" stroke-width="12" stroke-linecap="round"/>',
  // A figure with an earpiece (close protection)
  person:
    '<circle cy="-38" r="26" fill="none" stroke="#f2b233" stroke-width="10"/><path d="M-54 74 C-54 22 -30 2 0 2 C30 2 54 22 54 74" fill="none" stroke="#f2b233" stroke-width="10" stroke-linecap="round"/><path d="M26 -40 C40 -40 44 -20 30 -8" fill="none" stroke="#f2b233" stroke-width="6" stroke-linecap="round"/>',
  // A glass (personal licence)
  glass:
    '<path d="M-44 -60 H44 L30 30 H-30 Z" fill="none" stroke="#f2b233" stroke-width="10" stroke-linejoin="round"/><path d="M0 30 V66 M-30 70 H30" stroke="#f2b233" stroke-width="10" stroke-linecap="round"/><path d="M-38 -20 H38" stroke="#f2b233" stroke-width="6"/>',
  // A heart (paediatric first aid)
  heart:
    '<path d="M0 70 C-70 22 -78 -18 -58 -44 C-38 -68 -10 -58 0 -36 C10 -58 38 -68 58 -44 C78 -18 70 22 0 70 Z" fill="none" stroke="#f2b233" stroke-width="10" stroke-linejoin="round"/><path d="M-16 4 H16 M0 -12 V20" stroke="#f2b233" stroke-width="10" stroke-linecap="round"/>',
};

export type ThumbnailIcon = keyof typeof ICONS;

function escapeXml(s: string) {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a name into lines of at most `max` characters (by words). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A brand-coloured 16:9 card with an icon and the course's short name, as SVG. */
export function thumbnailSvg(shortName: string, subtitle: string, icon: ThumbnailIcon): string {
  const lines = wrap(shortName, 15);
  const top = 420 - (lines.length - 1) * 52;
  const title = lines
    .map(
      (l, i) =>
        `<text x="620" y="${top + i * 104}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="92" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`,
    )
    .join("");
  const subtitleY = top + (lines.length - 1) * 104 + 84;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0d2340"/><stop offset="1" stop-color="#17406e"/>
    </linearGradient>
    <pattern id="grid" width="48" height="48" patternUnits="userSpaceOnUse">
      <path d="M48 0 H0 V48" fill="none" stroke="#ffffff" stroke-opacity="0.05" stroke-width="2"/>
    </pattern>
  </defs>
  <rect width="1600" height="900" fill="url(#bg)"/>
  <rect width="1600" height="900" fill="url(#grid)"/>
  <rect x="0" y="820" width="1600" height="80" fill="#f2b233"/>
  <g transform="translate(330 420) scale(2.4)">${ICONS[icon]}</g>
  ${title}
  <text x="624" y="${subtitleY}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="46" fill="#c9d6e8">${escapeXml(subtitle)}</text>
  <text x="80" y="874" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" font-weight="700" fill="#0d2340">SIA-APPROVED TRAINING · BOOTLE</text>
</svg>`;
}

/** Renders and stores a thumbnail through the image service; returns its sha256. */
export function storeThumbnail(db: DbOrTx, shortName: string, subtitle: string, icon: ThumbnailIcon): Promise<string> {
  return storeImageBytes(db, Buffer.from(thumbnailSvg(shortName, subtitle, icon)), { allowSvg: true });
}
