/**
 * Kuda's amber: the web theme's primary colour (web/lib/theme.ts) and the e-mails' buttons
 * (server/notifications/mail-layout.ts) read it from here, so the two never drift apart.
 */
export const BRAND_PRIMARY = '#ffb547';
/** Text on the amber: dark, for contrast (WCAG AA at button size). */
export const BRAND_PRIMARY_CONTRAST = '#1a1206';
