import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { restoreBackup } from '../modules/backup/backup.service.ts';
import { BackupError } from '../modules/backup/backup-file.ts';

// npm run restore -- FILE [--erasures FILE]   (docs/decisions/013-backups.md)
const usage = 'usage: npm run restore -- FILE [--erasures ERASURE_LOG]';

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { erasures: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file) throw new BackupError(usage);
  const r = await restoreBackup(loadConfig(process.env, { persistSecrets: false }), file, {
    erasures: values.erasures,
  });
  console.log(
    `Restored ${file} in ${(r.ms / 1000).toFixed(1)} s; ${r.erasuresReplayed} erasure(s) since the backup replayed.`,
  );
}

main().catch((err) => {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
