import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { erasureLog } from '../db/schema/erasure-log.ts';
import type { Tx } from './member-data.ts';

/** The file beside the database that outlives it: one erased member id per line, nothing else. */
export const erasureFile = (dataDir: string) => path.join(dataDir, 'erasures.log');

/** Notes an erasure in the database (in the erasing transaction), so later backups carry it. */
export async function recordErasure(tx: Tx, memberId: number): Promise<void> {
  await tx.insert(erasureLog).values({ memberId }).onConflictDoNothing();
}

/** And in DATA_DIR/erasures.log, where a restore finds it even when the database was lost. */
export function appendErasure(dataDir: string, memberId: number): void {
  mkdirSync(dataDir, { recursive: true });
  appendFileSync(erasureFile(dataDir), `${memberId}\n`, { mode: 0o600 });
}

/** The ids in an erasure file (none when it does not exist). */
export function readErasures(file: string): number[] {
  if (!existsSync(file)) return [];
  const ids = readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^[1-9][0-9]{0,15}$/.test(l))
    .map(Number);
  return [...new Set(ids)];
}
