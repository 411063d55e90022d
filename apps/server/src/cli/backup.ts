import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { createBackup } from '../modules/backup/backup.service.ts';
import { BackupError } from '../modules/backup/backup-file.ts';

// npm run backup -- --to FILE [--unencrypted]   (docs/decisions/013-backups.md)
const usage = 'usage: npm run backup -- --to FILE [--unencrypted]';

async function main() {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, unencrypted: { type: 'boolean', default: false } },
  });
  if (!values.to) throw new BackupError(usage);
  const r = await createBackup(loadConfig(), { to: values.to, unencrypted: values.unencrypted });
  console.log(
    `Backup written to ${r.file} (${(r.bytes / 1024 / 1024).toFixed(1)} MB, ${r.encrypted ? 'encrypted' : 'NOT encrypted'}) in ${(r.ms / 1000).toFixed(1)} s.`,
  );
}

main().catch((err) => {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
