/**
 * Small social network glyphs drawn for this site (the icon package ships no brand marks).
 * Decorative: the links around them carry the network's name.
 */
const common = { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": true, focusable: false } as const;

export function FacebookIcon() {
  return (
    <svg {...common}>
      <path
        fill="currentColor"
        d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H7.9v3h2.6V21h3Z"
      />
    </svg>
  );
}

export function TwitterIcon() {
  return (
    <svg {...common}>
      <path
        fill="currentColor"
        d="M4 4h4.2l4 5.4L16.9 4H19l-5.8 6.7L20 20h-4.2l-4.4-5.9L6.1 20H4l6.4-7.3L4 4Zm2.9 1.4 9.6 13.2h1.3L8.3 5.4H6.9Z"
      />
    </svg>
  );
}

export function InstagramIcon() {
  return (
    <svg {...common}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.2" cy="6.8" r="1.2" fill="currentColor" />
    </svg>
  );
}

export function YoutubeIcon() {
  return (
    <svg {...common}>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path fill="currentColor" d="m10 9 5 3-5 3V9Z" />
    </svg>
  );
}

export function WhatsAppIcon({ size = 24 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2.5a9.5 9.5 0 0 0-8.2 14.3L2.5 21.5l4.8-1.3A9.5 9.5 0 1 0 12 2.5Zm0 17.2c-1.5 0-2.9-.4-4.1-1.1l-.3-.2-2.9.8.8-2.8-.2-.3A7.7 7.7 0 1 1 12 19.7Zm4.3-5.7c-.2-.1-1.4-.7-1.6-.8-.2-.1-.4-.1-.5.1l-.7.9c-.1.2-.3.2-.5.1a6.3 6.3 0 0 1-3.1-2.7c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.7-1.7c-.2-.5-.4-.4-.5-.4h-.5a.9.9 0 0 0-.7.3 2.8 2.8 0 0 0-.9 2.1 4.9 4.9 0 0 0 1 2.6 11.2 11.2 0 0 0 4.3 3.8c1.6.7 2.2.7 3 .6.5-.1 1.4-.6 1.6-1.1.2-.5.2-1 .1-1.1l-.4-.3Z"
      />
    </svg>
  );
}

export const SOCIAL_NETWORKS = [
  { key: "facebook", name: "Facebook", Icon: FacebookIcon },
  { key: "twitter", name: "Twitter", Icon: TwitterIcon },
  { key: "instagram", name: "Instagram", Icon: InstagramIcon },
  { key: "youtube", name: "YouTube", Icon: YoutubeIcon },
] as const;
