import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { appendErasure, recordErasure } from './erasure-log.ts';

/** A transaction of the app's database (what every eraseMember runs in). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What one module holds about a member, and how to hand it out and take it back (DSGVO Art. 15/17/20,
 * docs/decisions/009-member-life-cycle.md). A module that stores member data defines one entry beside
 * its service and lists it in member-data-table.ts; a test fails for a table with a member column that
 * no entry names.
 */
export interface MemberData<M extends string = string, X = unknown> {
  /** The key of this module's part of an export. */
  module: M;
  /** Every table (schema-qualified when not in `public`) whose rows this entry exports and erases. */
  tables: readonly string[];
  /** Plain JSON of what the member may see of it: their own data, others only as the app shows them. */
  exportMember(ctx: AppContext, userId: number): Promise<X>;
  /**
   * For a part that can grow without bound (messages): the same list as exportMember, page by page
   * (read with a cursor), so the export ZIP never holds all of it in memory. exportMember collects it.
   */
  exportPages?(ctx: AppContext, userId: number): AsyncIterable<readonly unknown[]>;
  /** Deletes or anonymises it inside `tx`, keeping what other members keep (a partner's conversation). */
  eraseMember(ctx: AppContext, userId: number, tx: Tx): Promise<void>;
}

export const defineMemberData = <const M extends string, X>(entry: MemberData<M, X>) => entry;

/** A member's export: each module's part under its name. */
export type MemberExport<T extends readonly MemberData[]> = {
  [E in T[number] as E['module']]: Awaited<ReturnType<E['exportMember']>>;
};

/** Every module's part of a member's data, by module. */
export async function exportMemberData<T extends readonly MemberData[]>(
  ctx: AppContext,
  table: T,
  userId: number,
): Promise<MemberExport<T>> {
  const parts = await Promise.all(table.map(async (e) => [e.module, await e.exportMember(ctx, userId)]));
  return Object.fromEntries(parts) as MemberExport<T>;
}

/** Erases a member in one transaction, module by module in the table's order (the account last). */
export async function eraseMemberData(ctx: AppContext, table: readonly MemberData[], userId: number) {
  await ctx.db.transaction(async (tx) => {
    for (const entry of table) await entry.eraseMember(ctx, userId, tx);
    await recordErasure(tx, userId);
  });
  // Ids only: what a restore replays so a backup never brings the member back (issue 19).
  appendErasure(ctx.config.dataDir, userId);
}
