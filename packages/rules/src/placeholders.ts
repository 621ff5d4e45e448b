/**
 * Obviously fictional contact details (DESIGN.md: the repo's placeholder identity). Development
 * runs on them; production refuses them (apps/api/src/env.ts, apps/site/src/config/server/env.ts),
 * so a real notice never goes to example.com and no customer is shown a number nobody answers.
 */

/**
 * Domains reserved for documentation and testing (RFC 2606, RFC 6761): example.com/.net/.org
 * and anything under them, and the .test, .example, .invalid and .localhost top-level domains.
 */
export function isPlaceholderDomain(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/\.$/, "");
  return /(^|\.)example\.(com|net|org)$/.test(h) || /(^|\.)(test|example|invalid|localhost)$/.test(h);
}

/** An address (bare, or 'Name <address>') at a placeholder domain. */
export function isPlaceholderEmail(value: string): boolean {
  const address = /<([^>]+)>/.exec(value)?.[1] ?? value;
  const at = address.lastIndexOf("@");
  return at >= 0 && isPlaceholderDomain(address.slice(at + 1));
}

/** A URL whose host is a placeholder domain (or that is no URL at all). */
export function isPlaceholderUrl(value: string): boolean {
  try {
    return isPlaceholderDomain(new URL(value).hostname);
  } catch {
    return true;
  }
}

/**
 * Ofcom's numbers for TV and radio drama (never allocated to anyone): 1,000 numbers in each range,
 * written here as national numbers (leading 0, no spaces). 028 9649 6000-6999 is the one range
 * that does not start at 0000.
 */
const DRAMA_RANGES = [
  /^01(1[3-8]|21|31|41|51|61)4960\d{3}$/, // 0113…0118, 0121, 0131, 0141, 0151, 0161 496 0000-0999
  /^01914980\d{3}$/, // 0191 498 0000-0999
  /^02079460\d{3}$/, // 020 7946 0000-0999
  /^02896496\d{3}$/, // 028 9649 6000-6999
  /^02920180\d{3}$/, // 029 2018 0000-0999
  /^01632960\d{3}$/, // 01632 960000-960999
  /^07700900\d{3}$/, // 07700 900000-900999
  /^08081570\d{3}$/, // 08081 570000-570999
  /^09098790\d{3}$/, // 0909 879 0000-0999
  /^03069990\d{3}$/, // 03069 990000-990999
];

/** A UK number (national '0…' or international '+44…'/'0044…') in one of Ofcom's drama ranges. */
export function isDramaPhoneNumber(value: string): boolean {
  let digits = value.replace(/\D/g, "");
  if (digits.startsWith("0044")) digits = `0${digits.slice(4)}`;
  else if (digits.startsWith("44") && !value.trim().startsWith("0")) digits = `0${digits.slice(2)}`;
  return DRAMA_RANGES.some((r) => r.test(digits));
}

/** A chat or other link carrying a drama number (e.g. https://wa.me/447700900321) or a placeholder host. */
export function isPlaceholderLink(value: string): boolean {
  if (isPlaceholderUrl(value)) return true;
  return (value.match(/\d{10,13}/g) ?? []).some((n) => isDramaPhoneNumber(`+${n}`) || isDramaPhoneNumber(n));
}
