/** Spec §9 business constants, the single source for the web's design tokens. */
export const DRAWER_WIDTH = 240;
export const BREAKPOINT_MOBILE = 768;
export const BREAKPOINT_TABLET = 932;
export const PILL_HEIGHT_DESKTOP = 50;
export const PILL_HEIGHT_MOBILE = 40;
export const MODAL_MAX_HEIGHT = 720;
export const MODAL_VIEWPORT_MIN = 0.8;
export const MODAL_VIEWPORT_MAX = 0.9;
export const DRAG_ACTIVATION_PX = 10;
export const SCROLL_END_DEBOUNCE_MS = 300;
export const POPOVER_MARGIN_PX = 16;
export const DEFAULT_ACTIVE_FILTER: readonly number[] = [0];

export const DEFAULT_TIME_ZONE = 'Europe/Belgrade';
export const DEFAULT_CURRENCY = 'RSD';
export const API_BASE = '/api/v1';

/** Consent cookie (spec §2): the banner's choice is remembered here. */
export const CONSENT_COOKIE = 'kuda_consent';

/**
 * An hour and a day as lengths of time, in milliseconds: for durations counted from an instant (a token's
 * life, a retention window). A Belgrade calendar day across a clock change is 23 or 25 hours; dates on the
 * calendar go through shared/zoned-time.ts, never through these.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
