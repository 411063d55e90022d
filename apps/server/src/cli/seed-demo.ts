import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { acquireDataLock } from '../lib/data-lock.ts';
import { DEMO_PASSWORD, seedDemo } from './demo-community.ts';

// npm run seed:demo -- --members N [--password P]
async function main() {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '20' },
      password: { type: 'string', default: DEMO_PASSWORD },
    },
  });
  const count = Number(values.members);
  if (!Number.isInteger(count) || count < 1 || count > 100_000) throw new Error('--members must be 1…100000');
  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : acquireDataLock(config.dataDir, 'seed:demo task');
  const database = openDatabase(config.databaseUrl, config.dataDir);
  try {
    await database.migrate();
    const made = await seedDemo(database, { members: count, password: values.password });
    if (made.created === 0) {
      console.log(`demo1@example.org … demo${count}@example.org exist already: nothing added`);
      return;
    }
    console.log(
      `created ${made.created} demo members (demo1@example.org … demo${count}@example.org), password: ${values.password}`,
    );
    console.log(
      `groups with members: ${made.groups}, posts: ${made.posts}, comments: ${made.comments}. A new member who lost a parent and writes German is suggested someone at once.`,
    );
  } finally {
    await database.close();
    release();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
