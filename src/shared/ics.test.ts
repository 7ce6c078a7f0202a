import { describe, expect, it } from 'vitest';
import { buildCalendar, buildIcs, escapeText, foldLine, formatLocal, formatUtc, icsFileName } from './ics';

const base = {
  uid: 'event-42@kuda',
  title: 'Jazz night',
  startsAt: '2026-12-01T19:30:00.000Z',
  endsAt: '2026-12-01T22:00:00.000Z',
  stamp: new Date('2026-11-22T10:00:00.000Z'),
};

function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n');
}

describe('ics builder (RFC 5545)', () => {
  it('writes one VEVENT inside a VCALENDAR with CRLF line endings and a final CRLF', () => {
    const ics = buildIcs(base);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    // No bare LF anywhere: every \n is preceded by \r.
    expect(/[^\r]\n/.test(ics)).toBe(false);
    expect(ics).toContain('\r\nPRODID:-//Kuda//Events//EN\r\n');
  });

  it('writes start, end and stamp in UTC', () => {
    const lines = unfold(buildIcs(base));
    expect(lines).toContain('DTSTART:20261201T193000Z');
    expect(lines).toContain('DTEND:20261201T220000Z');
    expect(lines).toContain('DTSTAMP:20261122T100000Z');
    expect(lines).toContain('UID:event-42@kuda');
  });

  it('gives an event without an end time two hours', () => {
    const lines = unfold(buildIcs({ ...base, endsAt: null }));
    expect(lines).toContain('DTEND:20261201T213000Z');
  });

  it('escapes commas, semicolons, backslashes and line breaks in text', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const lines = unfold(buildIcs({ ...base, title: 'Rock, pop; more', location: 'Dom omladine, Makedonska 22' }));
    expect(lines).toContain('SUMMARY:Rock\\, pop\\; more');
    expect(lines).toContain('LOCATION:Dom omladine\\, Makedonska 22');
  });

  it('folds long lines at 75 octets without splitting a Cyrillic letter', () => {
    const title = 'Концерт симфонијског оркестра Радио-телевизије Србије у Коларчевој задужбини';
    const ics = buildIcs({ ...base, title });
    for (const line of ics.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(unfold(ics)).toContain(`SUMMARY:${title}`);
    // Every fold is valid UTF-8 on its own.
    for (const line of ics.split('\r\n')) expect(line).not.toContain('\uFFFD');
  });

  it('keeps a short line as it is', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('maps the event status', () => {
    expect(unfold(buildIcs({ ...base, status: 'cancelled' }))).toContain('STATUS:CANCELLED');
    expect(unfold(buildIcs({ ...base, status: 'postponed' }))).toContain('STATUS:TENTATIVE');
    expect(unfold(buildIcs({ ...base, status: 'scheduled' }))).toContain('STATUS:CONFIRMED');
  });

  it('writes the URL unescaped', () => {
    expect(unfold(buildIcs({ ...base, url: 'https://kuda.rs/en/events/jazz-night-42?a=1,2' }))).toContain(
      'URL:https://kuda.rs/en/events/jazz-night-42?a=1,2',
    );
  });

  it('formats UTC without separators or milliseconds', () => {
    expect(formatUtc(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });

  it('makes a safe file name', () => {
    expect(icsFileName('jazz-night')).toBe('jazz-night.ics');
    expect(icsFileName('ђаз/ноћ')).toBe('event.ics');
  });

  it('writes Belgrade wall-clock times on both sides of the summer-time change', () => {
    expect(formatLocal(new Date('2026-12-01T19:30:00.000Z'), 'Europe/Belgrade')).toBe('20261201T203000');
    expect(formatLocal(new Date('2026-07-01T19:30:00.000Z'), 'Europe/Belgrade')).toBe('20260701T213000');
  });

  it('writes a feed: calendar name, the Belgrade VTIMEZONE once, TZID times, SEQUENCE, GEO, LAST-MODIFIED', () => {
    const lines = unfold(
      buildCalendar({
        name: 'Dom omladine, Beograd',
        stamp: new Date('2026-11-22T10:00:00.000Z'),
        events: [
          { ...base, sequence: 3, geo: { lat: 44.8157, lng: 20.4633 }, lastModified: new Date('2026-11-21T09:00:00.000Z'), status: 'cancelled' },
          { ...base, uid: 'event-43@kuda', stamp: undefined },
        ],
      }),
    );
    expect(lines).toContain('X-WR-CALNAME:Dom omladine\\, Beograd');
    expect(lines.filter((line) => line === 'BEGIN:VTIMEZONE')).toHaveLength(1);
    expect(lines).toContain('TZID:Europe/Belgrade');
    expect(lines).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU');
    expect(lines).toContain('DTSTART;TZID=Europe/Belgrade:20261201T203000');
    expect(lines).toContain('DTEND;TZID=Europe/Belgrade:20261201T230000');
    expect(lines).toContain('SEQUENCE:3');
    expect(lines).toContain('SEQUENCE:0');
    expect(lines).toContain('GEO:44.815700;20.463300');
    expect(lines).toContain('LAST-MODIFIED:20261121T090000Z');
    expect(lines).toContain('STATUS:CANCELLED');
    // The event without its own stamp takes the calendar's, so the body is the same on every poll.
    expect(lines.filter((line) => line === 'DTSTAMP:20261122T100000Z')).toHaveLength(2);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
  });
});
