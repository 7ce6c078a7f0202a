export function latin1Source(source: string): string;
