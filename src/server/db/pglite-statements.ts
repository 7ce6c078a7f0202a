import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';
import { Parser } from 'pg-protocol/dist/parser';
import { serialize, type DatabaseError } from 'pg-protocol';
import type { BackendMessage, CommandCompleteMessage, DataRowMessage, RowDescriptionMessage } from 'pg-protocol/dist/messages';
import pgUtils from 'pg/lib/utils';

/**
 * The embedded database's statements, as Drizzle's PGlite driver sends them, in one call into the engine.
 *
 * PGlite's own `query()` makes six calls into its WebAssembly for one statement (parse, describe, bind,
 * describe, execute, sync, each a turn of PostgreSQL's main loop), and its protocol reader copies every
 * field of every row into an ArrayBuffer of its own before decoding it: for a page of twenty cards at
 * 100,000 events that was about a third of the statement's time (docs/performance.md, issue #13). Here a
 * statement is one message buffer (bind, describe, execute and sync; parse only the first time its text is
 * seen), and the answer is read with pg-protocol's parser, the one node-postgres uses, which decodes
 * fields in place.
 *
 * Parameters are written as node-postgres writes them (`prepareValue`), so a Drizzle query sends the same
 * text on both engines; rows are converted by PGlite's own type parsers (and the caller's), so they read
 * as they did through `query()`.
 *
 * Prepared statements are named and kept per text (at most MAX_PREPARED, closed when dropped), so
 * PostgreSQL parses each text once. Every execution is still planned with its values
 * (`plan_cache_mode = force_custom_plan`, set on the session in openPglite): a generic plan cannot know how
 * rare a searched word is, which is why the PostgreSQL engine keeps its statements unnamed
 * (catalog-repository-columns.ts, preparedQuery).
 */

/** Statements kept prepared on the embedded session: one per query shape, the hot ones a few dozen. */
const MAX_PREPARED = 500;

type RunQuery = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * What Drizzle's PGlite driver calls on its client: `query` (of PGlite's options it reads `rowMode` and
 * `parsers`, the only ones the driver passes) and `transaction`.
 */
export class PgliteStatements {
  private readonly names: LRUCache<string, string>;
  private readonly closing: string[] = [];
  private counter = 0;

  constructor(
    private readonly pg: PGlite,
    options: { maxPrepared?: number } = {},
  ) {
    this.names = new LRUCache({
      max: options.maxPrepared ?? MAX_PREPARED,
      // A statement dropped from the cache is closed with the next message the engine gets.
      dispose: (name) => this.closing.push(name),
    });
  }

  query: RunQuery = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    // "PGlite is closed" (or closing) as query() says it: the server tells that outage apart (503).
    await this.pg._checkReady();
    return this.pg._runExclusiveTransaction(async () => {
      const result = await this.run<T>(text, params, options);
      // As PGlite's query() does outside a transaction: what was written reaches the data folder.
      await this.pg.syncToFs();
      return result;
    });
  };

  transaction<T>(work: (tx: { query: RunQuery }) => Promise<T>): Promise<T> {
    // PGlite's transaction() holds its transaction lock, and BEGIN and COMMIT or ROLLBACK go through it;
    // the statements inside come here.
    return this.pg.transaction((tx: Transaction) => {
      const query: RunQuery = (text, params, options) => {
        if (tx.closed) throw new Error('Transaction is closed');
        return this.run(text, params, options);
      };
      return work({ query });
    });
  }

  private run<T>(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.pg._runExclusiveQuery(async () => {
      let name = this.names.get(text);
      const parts: Buffer[] = [];
      for (const closed of this.closing.splice(0)) parts.push(serialize.close({ type: 'S', name: closed }));
      const parsing = name === undefined;
      if (parsing) {
        name = `kuda_${(this.counter += 1)}`;
        parts.push(serialize.parse({ name, text, types: [] }));
      }
      const values = params.map((value) => pgUtils.prepareValue(value));
      parts.push(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
      // The stream form: PGlite's execProtocolRaw would also run its own reader over the answer. The
      // chunks are views of the engine's memory, reused by the next call: copied as they come.
      const chunks: Buffer[] = [];
      await this.pg.execProtocolRawStream(Buffer.concat(parts), {
        syncToFs: false,
        onRawData: (chunk) => chunks.push(Buffer.from(chunk)),
      });
      const { result, error } = readReply<T>(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), options, this.pg.parsers);
      if (error) {
        // The statement is closed whether the error came from its parse (then there is nothing to close,
        // which PostgreSQL allows) or later: the next use of the text parses it again.
        if (parsing) this.closing.push(name!);
        else this.names.delete(text);
        throw Object.assign(error, { query: text, params });
      }
      if (parsing) this.names.set(text, name!);
      return result;
    });
  }
}

/** The rows (converted by type), fields and counts of one statement's answer, or its error. */
function readReply<T>(
  reply: Buffer,
  options: QueryOptions,
  defaults: PGlite['parsers'],
): { result: Results<T>; error?: DatabaseError } {
  const result: Results<T> = { rows: [], fields: [], affectedRows: 0 };
  let error: DatabaseError | undefined;
  /** Per column of the answer: the caller's parser for its type, else PGlite's, else the text itself. */
  let parsers: PGlite['parsers'][number][] = [];
  new Parser().parse(reply, (message: BackendMessage) => {
    switch (message.name) {
      case 'rowDescription': {
        result.fields = (message as RowDescriptionMessage).fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
        parsers = result.fields.map(({ dataTypeID }) => options.parsers?.[dataTypeID] ?? defaults[dataTypeID] ?? identity);
        break;
      }
      case 'dataRow': {
        const values = (message as DataRowMessage).fields.map((value: string | null, index) =>
          value === null ? null : parsers[index]!(value, result.fields[index]!.dataTypeID),
        );
        result.rows.push((options.rowMode === 'array' ? values : Object.fromEntries(result.fields.map(({ name }, index) => [name, values[index]]))) as T);
        break;
      }
      case 'commandComplete': {
        const words = (message as CommandCompleteMessage).text.split(' ');
        const count = Number.parseInt(words[words.length - 1]!, 10);
        result.command = words[0];
        if (!Number.isNaN(count)) {
          result.rowCount = count;
          if (AFFECTING.has(words[0]!)) result.affectedRows = count;
        }
        break;
      }
      case 'error':
        error = message as DatabaseError;
        break;
      default:
        break;
    }
  });
  return { result, error };
}

const identity = (value: string) => value;
