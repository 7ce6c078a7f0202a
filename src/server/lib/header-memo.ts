/**
 * A pure function of a request header, remembered per header value. Clients send a handful of distinct
 * Accept-Language and Accept-Encoding values, and parsing one on every request (split, sort, regexps) was
 * a measurable part of a cached answer's time (issue #13). The values come from clients, so the memory is
 * bounded: once `max` distinct values are held it starts over.
 */
export function memoByHeader<T>(parse: (header: string | undefined) => T, max = 256): (header: string | undefined) => T {
  const known = new Map<string, T>();
  let absent: { value: T } | undefined;
  return (header) => {
    if (header === undefined) return (absent ??= { value: parse(undefined) }).value;
    let value = known.get(header);
    if (value === undefined && !known.has(header)) {
      value = parse(header);
      if (known.size >= max) known.clear();
      known.set(header, value);
    }
    return value as T;
  };
}
