import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';

/** The token the CLI shows the running server to get the PGlite dump (derived from APP_KEY: nothing new stored). */
export function backupToken(config: Config): string {
  return createHmac('sha256', config.appKey).update('trostnetz-backup').digest('base64url');
}
