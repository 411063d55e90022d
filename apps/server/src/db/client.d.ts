import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
/** Both drivers expose the same query builder; PGlite's type stands for both (PostgreSQL dialect only). */
export type Db = ReturnType<typeof drizzlePglite>;
export interface Database {
    db: Db;
    kind: 'pglite' | 'postgres';
    migrate(): Promise<void>;
    ping(): Promise<void>;
    close(): Promise<void>;
}
/** databaseUrl null → PGlite in dataDir/pglite; 'memory://' → in-memory PGlite; else PostgreSQL. */
export declare function openDatabase(databaseUrl: string | null, dataDir: string): Database;
