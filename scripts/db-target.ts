// The database the db:* scripts work on: DATABASE_URL when set, otherwise the embedded one in DATA_DIR.
export interface DatabaseTarget {
  databaseUrl: string | undefined;
  dataDir: string;
  /** For messages: never carries the password. */
  description: string;
}

export function databaseTarget(env = process.env): DatabaseTarget {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const dataDir = env.DATA_DIR?.trim() || './data';
  return { databaseUrl, dataDir, description: describe(databaseUrl, dataDir) };
}

function describe(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `embedded PGlite database in ${dataDir}`;
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}
