import { dateTimeFormat } from '../../shared/intl-format';
import type { Locale } from '../../shared/locales';
import type { Guest } from '../../shared/schemas/organizer-door';
import { translate } from '../lib/i18n';

/**
 * A spreadsheet would run a cell that starts like a formula (CSV injection, OWASP); a leading apostrophe
 * makes it text. Guests choose their names and notes, so every text cell is protected.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function localTime(iso: string, timeZone: string): string {
  // sv-SE writes "2026-05-01 21:03": sortable, and read right by every spreadsheet.
  return dateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** The guest list as a UTF-8 CSV file with a BOM (so spreadsheets read Cyrillic right), headers in `locale`. */
export function guestListCsv(input: { guests: Guest[]; locale: Locale; timeZone: string }): string {
  const t = (key: string) => translate(input.locale, key);
  const header = ['name', 'partySize', 'status', 'code', 'checkedInAt', 'note'].map((key) => t(`organizer:guestList.csv.${key}`));
  const rows = input.guests.map((guest) => [
    guest.name,
    guest.party_size,
    t(`reservations:status.${guest.status}`),
    guest.code,
    guest.checked_in_at ? localTime(guest.checked_in_at, input.timeZone) : null,
    guest.note,
  ]);
  return `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
