import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-db';
import * as schema from './schema';

/**
 * One schema truth (STYLE 24): the migrations make the database, the Drizzle tables in ./schema describe it
 * to the code. This compares the two for every table: the set of tables, each column's type, nullability
 * and whether it has a default, and each index (constraint-backed ones too) by name, columns, uniqueness
 * and storage parameters. A migration that adds a column or an index without the Drizzle side, or the
 * reverse, fails here.
 */

/** Bookkeeping of the migration runner (migrate.ts), not part of the app's schema. */
const NOT_MODELLED = new Set(['schema_migrations']);

interface ColumnShape {
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}
interface IndexShape {
  columns: string[];
  unique: boolean;
  method: string;
  /** Storage parameters as PostgreSQL lists them (`fastupdate=off`), sorted. */
  options: string[];
}
interface TableShape {
  columns: Record<string, ColumnShape>;
  indexes: Record<string, IndexShape>;
}

/** Drizzle's spelling of a type, as PostgreSQL's format_type() writes it. */
function databaseType(drizzleType: string): string {
  const aliases: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };
  return aliases[drizzleType] ?? drizzleType;
}

/** The index a primary key or unique constraint brings: unique, btree, no storage parameters. */
const constraintIndex = (columns: string[]): IndexShape => ({ columns, unique: true, method: 'btree', options: [] });

const drizzleTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

function drizzleShape(): Record<string, TableShape> {
  const shapes: Record<string, TableShape> = {};
  for (const table of new Set(drizzleTables)) {
    const config = getTableConfig(table);
    const columns: Record<string, ColumnShape> = {};
    const indexes: Record<string, IndexShape> = {};
    for (const column of config.columns) {
      const sqlType = column.getSQLType();
      columns[column.name] = {
        type: databaseType(sqlType),
        notNull: column.notNull || column.primary,
        hasDefault: column.hasDefault || /serial$/.test(sqlType) || Boolean(column.generated) || Boolean((column as { generatedIdentity?: unknown }).generatedIdentity),
      };
      if (column.primary) indexes[`${config.name}_pkey`] = constraintIndex([column.name]);
      if (column.isUnique) indexes[column.uniqueName ?? `${config.name}_${column.name}_key`] = constraintIndex([column.name]);
    }
    for (const key of config.primaryKeys) indexes[key.getName()] = constraintIndex(key.columns.map((column) => column.name));
    for (const constraint of config.uniqueConstraints) {
      indexes[constraint.getName() ?? ''] = constraintIndex(constraint.columns.map((column) => column.name));
    }
    for (const index of config.indexes) {
      indexes[index.config.name ?? ''] = {
        columns: index.config.columns.map((column) => (column && 'name' in column && typeof column.name === 'string' ? column.name : '(expression)')),
        unique: index.config.unique,
        method: index.config.method ?? 'btree',
        options: Object.entries(index.config.with ?? {})
          .map(([key, value]) => `${key}=${value === false ? 'off' : value === true ? 'on' : String(value)}`)
          .sort(),
      };
    }
    shapes[config.name] = { columns, indexes };
  }
  return shapes;
}

describeEachDatabase('the Drizzle schema and the migrated database', (database) => {
  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = (await database().db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  async function databaseShape(): Promise<Record<string, TableShape>> {
    const columns = await rows<{ table_name: string; column_name: string; type: string; not_null: boolean; has_default: boolean }>(sql`
      SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type,
             a.attnotnull AS not_null, (a.atthasdef OR a.attidentity <> '' OR a.attgenerated <> '') AS has_default
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum`);
    const indexes = await rows<{ table_name: string; index_name: string; columns: string[]; is_unique: boolean; method: string; options: string[] }>(sql`
      SELECT t.relname AS table_name, i.relname AS index_name, x.indisunique AS is_unique, am.amname AS method,
             array(SELECT o FROM unnest(coalesce(i.reloptions, '{}'::text[])) AS o ORDER BY o)::text[] AS options,
             array(SELECT coalesce(a.attname, '(expression)')
                   FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, position)
                   LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum AND k.attnum > 0
                   WHERE k.position <= x.indnkeyatts
                   ORDER BY k.position)::text[] AS columns
      FROM pg_index x
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_am am ON am.oid = i.relam
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public'`);
    const shapes: Record<string, TableShape> = {};
    const shapeOf = (table: string) => (shapes[table] ??= { columns: {}, indexes: {} });
    for (const column of columns) {
      if (NOT_MODELLED.has(column.table_name)) continue;
      shapeOf(column.table_name).columns[column.column_name] = { type: column.type, notNull: column.not_null, hasDefault: column.has_default };
    }
    for (const index of indexes) {
      if (NOT_MODELLED.has(index.table_name)) continue;
      shapeOf(index.table_name).indexes[index.index_name] = { columns: index.columns, unique: index.is_unique, method: index.method, options: index.options };
    }
    return shapes;
  }

  it('has the same tables', async () => {
    expect(Object.keys(await databaseShape()).sort()).toEqual(Object.keys(drizzleShape()).sort());
  });

  // Whole maps, so one run lists every difference at once.
  const part = <K extends keyof TableShape>(shapes: Record<string, TableShape>, key: K) =>
    Object.fromEntries(Object.entries(shapes).map(([table, shape]) => [table, shape[key]]));

  it('has, in every table, the columns Drizzle declares, with their types, nullability and defaults', async () => {
    expect(part(await databaseShape(), 'columns')).toEqual(part(drizzleShape(), 'columns'));
  });

  it('has, in every table, the indexes Drizzle declares, by name, columns, uniqueness, method and storage parameters', async () => {
    expect(part(await databaseShape(), 'indexes')).toEqual(part(drizzleShape(), 'indexes'));
  });
});
