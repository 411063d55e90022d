import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite's data folder belongs to one process at a time (DESIGN.md §3). Returns a release function;
 * throws a clear message when another live process holds the folder.
 */
export function acquireDataLock(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, holder }), { flag: 'wx' });
      const release = () => rmSync(file, { force: true });
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner: { pid: number; holder: string } | null = null;
      try {
        owner = JSON.parse(readFileSync(file, 'utf8'));
      } catch {}
      if (owner && owner.pid !== process.pid && alive(owner.pid)) {
        throw new Error(
          `The data folder ${dataDir} is in use by the ${owner.holder} (pid ${owner.pid}). ` +
            'Stop it first, or use DATABASE_URL with PostgreSQL to run tasks while the server runs.',
        );
      }
      rmSync(file, { force: true }); // stale lock of a process that is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
