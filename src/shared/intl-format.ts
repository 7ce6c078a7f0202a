/**
 * Intl formatters built once for each locale and options, and kept: building one costs far more than
 * using it (the first with a time zone loads that zone's data: over 200 ms of a 4x-slowed phone's
 * hydration when built on every render), and a page formats dozens of dates and prices.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function kept<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, build: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `new Intl.DateTimeFormat(locale, options)`, built once for each locale and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** `new Intl.NumberFormat(locale, options)`, built once for each locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}
