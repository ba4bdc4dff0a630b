/**
 * Breakpoints of SPEC §9 as media queries for components that switch structure (not just style)
 * between phone and desktop; CSS Modules repeat the same numbers.
 */
/** Desktop: wider than 991px — tabs instead of accordions. */
export const DESKTOP_QUERY = '(min-width: 992px)';
/** Under 576px the device share sheet is used. */
export const SHARE_SHEET_QUERY = '(max-width: 575.98px)';
/** Window under 767px wide (basket bar threshold). */
export const NARROW_WINDOW_QUERY = '(max-width: 766.98px)';
