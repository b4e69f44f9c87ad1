import type { DatabaseSync, SQLInputValue } from 'node:sqlite';

// node:sqlite types every row as a record of SQL values. The columns are the query's own, so
// the shape a SELECT names is the caller's to state: these two are the one place it is stated,
// instead of a cast at every query.

/** The rows of a query, as the shape its SELECT names. */
export function rows<T>(db: DatabaseSync, sql: string, ...params: SQLInputValue[]): T[] {
  return db.prepare(sql).all(...params) as T[];
}

/** The first row of a query, as the shape its SELECT names; undefined when there is none. */
export function row<T>(db: DatabaseSync, sql: string, ...params: SQLInputValue[]): T | undefined {
  return db.prepare(sql).get(...params) as T | undefined;
}

/**
 * Runs `work` in one IMMEDIATE transaction: all of its writes land, or none (a stop half-way
 * leaves the database as before).
 */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // SQLite ends the transaction itself when a write fails for lack of space (SQLITE_FULL); a
    // ROLLBACK then would throw "no transaction is active" and hide the real cause.
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
