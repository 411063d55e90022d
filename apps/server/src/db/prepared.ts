import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, SqlResult } from './client.ts';

/**
 * A statement of a hot path written with drizzle's `sql` and `sql.placeholder('name')` for its values,
 * rendered to SQL text once, then run as a named prepared statement (`Database.executePrepared`): on
 * PostgreSQL each pooled connection parses and plans it once. Planning the chat insert took longer than
 * running it (issue 18), and rebuilding the SQL text was a visible share of the server's CPU. Answers
 * the driver's rows as they come (no drizzle mapping).
 */
export function preparedStatement<P extends Record<string, unknown>>(name: string, statement: SQL) {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  return {
    name,
    text,
    values: (given: P): unknown[] => fillPlaceholders(params, given),
    run: (database: Database, given: P): Promise<SqlResult> =>
      database.executePrepared(name, text, fillPlaceholders(params, given)),
  };
}
