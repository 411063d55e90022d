import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { acquireDataLock } from '../lib/data-lock.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { randomAnswers, seededRandom } from '../modules/matching/demo-answers.ts';
import { rebuildProfile } from '../modules/matching/matching.service.ts';
import {
  saveAnswers,
  seedQuestionnaire,
  setMatchingStep,
} from '../modules/questionnaire/questionnaire.service.ts';
import { EmailTakenError, insertUser } from '../modules/users/users.service.ts';

// npm run seed:demo -- --members N [--password P]
export const DEMO_PASSWORD = 'Trostnetz Demo 2026';
const nicknames = [
  'Lina',
  'Jonas',
  'Mira',
  'Paul',
  'Greta',
  'Emil',
  'Hanna',
  'Noah',
  'Ida',
  'Karl',
  'Ruth',
  'Sami',
  'Ella',
  'Timo',
  'Vera',
];

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
    await seedQuestionnaire(database.db);
    const passwordHash = await hashPassword(values.password);
    const rnd = seededRandom(42);
    let created = 0;
    for (let i = 1; i <= count; i++) {
      const email = `demo${i}@example.org`;
      try {
        const user = await insertUser(database.db, {
          email,
          passwordHash,
          nickname: `${nicknames[i % nicknames.length]} ${i}`,
          locale: 'de',
          verified: true,
          termsAccepted: true,
        });
        await saveAnswers(database.db, user.id, randomAnswers(rnd, i));
        await setMatchingStep(database.db, user.id, -1);
        await rebuildProfile(database.db, user.id);
        created += 1;
      } catch (err) {
        if (!(err instanceof EmailTakenError)) throw err;
      }
    }
    console.log(
      `created ${created} demo members (demo1@example.org … demo${count}@example.org), password: ${values.password}`,
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
