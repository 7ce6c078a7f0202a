/**
 * Atom 1.0 (RFC 4287) for the venue, organizer and category feeds. A writer of a dozen elements, written
 * here rather than taken from a library: the one shape we need, every text escaped in one place.
 */

export interface AtomEntry {
  /** Permanent (§4.2.6): the same event keeps the same id whatever its URL or title becomes. */
  id: string;
  title: string;
  link: string;
  published: Date;
  updated: Date;
  summary: string;
  category?: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string;
  /** The feed's own URL (rel="self") and the page it mirrors (rel="alternate"). */
  self: string;
  alternate: string;
  language: string;
  author: string;
  updated: Date;
  entries: AtomEntry[];
}

/** XML 1.0 text and attribute values; characters XML forbids (controls) are dropped, not escaped. */
export function escapeXml(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex -- exactly the C0 controls XML 1.0 disallows
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** RFC 3339 date-time in UTC, without milliseconds. */
function date(value: Date): string {
  return value.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function entryXml(entry: AtomEntry): string {
  return [
    '  <entry>',
    `    <id>${escapeXml(entry.id)}</id>`,
    `    <title type="text">${escapeXml(entry.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${escapeXml(entry.link)}"/>`,
    `    <published>${date(entry.published)}</published>`,
    `    <updated>${date(entry.updated)}</updated>`,
    ...(entry.category ? [`    <category term="${escapeXml(entry.category)}"/>`] : []),
    `    <summary type="text">${escapeXml(entry.summary)}</summary>`,
    '  </entry>',
  ].join('\n');
}

export function buildAtom(feed: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(feed.language)}">`,
    `  <id>${escapeXml(feed.id)}</id>`,
    `  <title type="text">${escapeXml(feed.title)}</title>`,
    ...(feed.subtitle ? [`  <subtitle type="text">${escapeXml(feed.subtitle)}</subtitle>`] : []),
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.alternate)}"/>`,
    `  <updated>${date(feed.updated)}</updated>`,
    `  <author><name>${escapeXml(feed.author)}</name></author>`,
    '  <generator>Kuda</generator>',
    ...feed.entries.map(entryXml),
    '</feed>',
    '',
  ].join('\n');
}
