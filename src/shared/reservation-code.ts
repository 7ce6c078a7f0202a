import { RESERVATION_CODE_ALPHABET, RESERVATION_CODE_LENGTH } from './schemas/reservations';

const CODE = new RegExp(`^[${RESERVATION_CODE_ALPHABET}]{${RESERVATION_CODE_LENGTH}}$`);

/**
 * The reservation code in what the door typed or scanned, read the same on the server and on the device
 * (offline check-in): any case, spaces or dashes ("abc 1234"), or a longer QR payload whose last word of
 * the code's length and alphabet is the code.
 */
export function reservationCodeIn(text: string): string | null {
  const upper = text.trim().toUpperCase();
  const compact = upper.replace(/[\s-]+/g, '');
  if (CODE.test(compact)) return compact;
  const words = upper.split(/[^A-Z0-9]+/).filter((word) => CODE.test(word));
  return words.at(-1) ?? null;
}
