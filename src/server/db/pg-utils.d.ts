/** node-postgres's own value writer (pg/lib/utils.js), which @types/pg does not declare. */
declare module 'pg/lib/utils' {
  /** A parameter as node-postgres sends it: null, a Buffer (binary), or text (dates, arrays, JSON). */
  export function prepareValue(value: unknown): string | Buffer | null;
  const utils: { prepareValue: typeof prepareValue };
  export default utils;
}
