/** Spec §9: toasts disappear after 4 seconds. */
export const TOAST_DURATION_MS = 4000;
/** Spec §9: mobile breakpoint. Styles are mobile first; desktop starts at this width. */
export const MOBILE_BREAKPOINT_PX = 768;
/** Default number of page buttons shown by `Pagination` (spec §9: window of 5 page buttons). */
export const DEFAULT_PAGE_WINDOW = 5;
