import { BRAND_PRIMARY, BRAND_PRIMARY_CONTRAST } from '../../shared/brand';
import type { Locale } from '../../shared/locales';

/**
 * The one HTML layout of Kuda's e-mails (account e-mails in email-templates.ts, notifications in
 * notification-render.ts): the same document, the same button in the app's amber (shared/brand.ts).
 * Styles are inline because mail clients drop <style> blocks.
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const BUTTON_STYLE = [
  'display:inline-block',
  'margin:4px 8px 4px 0',
  'padding:10px 18px',
  `background:${BRAND_PRIMARY}`,
  `color:${BRAND_PRIMARY_CONTRAST}`,
  'font-weight:600',
  'border-radius:6px',
  'text-decoration:none',
].join(';');

/** A link drawn as a button. */
export function mailButton(link: { label: string; url: string }): string {
  return `<a href="${escapeHtml(link.url)}" style="${BUTTON_STYLE}">${escapeHtml(link.label)}</a>`;
}

/** Plain paragraphs, each escaped. */
export function mailParagraphs(lines: string[]): string[] {
  return lines.map((line) => `<p>${escapeHtml(line)}</p>`);
}

/** The whole document around already-escaped body HTML, in the recipient's language. */
export function mailDocument(locale: Locale, body: string): string {
  return `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5">${body}</body></html>`;
}

const FOOTER_STYLE = 'margin-top:24px;padding-top:12px;border-top:1px solid #ddd;font-size:13px;color:#555';

/** The footer of a message a person may turn off: why they get it, and the unsubscribe link. */
export function mailFooter(why: string, link: { label: string; url: string }): string {
  return `<p style="${FOOTER_STYLE}">${escapeHtml(why)} <a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`;
}

/** Adds already-escaped HTML at the end of a document made by `mailDocument` (or of any fragment). */
export function appendToMailDocument(html: string, footer: string): string {
  const end = html.lastIndexOf('</body>');
  return end === -1 ? `${html}${footer}` : `${html.slice(0, end)}${footer}${html.slice(end)}`;
}
