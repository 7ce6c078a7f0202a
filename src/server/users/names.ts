/** A person's first and last name as one, or null when neither is known. */
export function fullName(first: string | null, last: string | null): string | null {
  return [first, last].filter(Boolean).join(' ') || null;
}
