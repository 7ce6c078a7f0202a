import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

type Reads = readonly (() => PromiseLike<unknown>)[];
type Results<T extends Reads> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs independent reads together where that is possible: at once on the database (each takes a pooled
 * connection), one after another in a transaction. A transaction is one connection, which answers one
 * statement at a time anyway; handing it several at once only queues them inside the driver, which
 * node-postgres warns is deprecated ("Calling client.query() when the client is already executing a
 * query"; an error from pg 9). A function that may run inside a transaction (it takes `DbOrTx`) and reads
 * several things uses this; one that reads together only on the pool takes `Db`, which a transaction is
 * not, and keeps `Promise.all`.
 */
export async function readTogether<const T extends Reads>(db: DbOrTx, reads: T): Promise<Results<T>> {
  if (!is(db, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
