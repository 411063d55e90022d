import { parseArgs } from 'node:util';
import { emailField, nicknameField, PASSWORD_MIN, passwordField } from '@trostnetz/contracts/fields';
import { translateValidation } from '@trostnetz/contracts/messages';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { acquireDataLock } from '../lib/data-lock.ts';
import { hashPassword, isWeakPassword } from '../modules/auth/passwords.ts';
import { EmailTakenError, insertUser, verifiedAccountByEmail } from '../modules/users/users.service.ts';

// npm run user:create -- --email E --password P [--nickname N] [--verified] [--admin]
const usage = 'usage: npm run user:create -- --email E --password P [--nickname N] [--verified] [--admin]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      nickname: { type: 'string' },
      verified: { type: 'boolean', default: false },
      admin: { type: 'boolean', default: false },
      locale: { type: 'string', default: 'de' },
    },
  });
  const missing = [
    values.email ? null : '--email (the address the account signs in with)',
    values.password ? null : `--password (at least ${PASSWORD_MIN} characters, not easy to guess)`,
  ].filter(Boolean);
  if (missing.length) fail(`user:create needs ${missing.join(' and ')}.\n${usage}`);
  const check = <T>(
    label: string,
    r: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
  ) => (r.success ? r.data : fail(`${label}: ${translateValidation(r.error.issues[0]!.message, 'en')}`));
  const email = check('email', emailField.safeParse(values.email));
  const password = check('password', passwordField.safeParse(values.password));
  // Without --nickname the address's local part is the name shown to others; a short one ("a@…") says how to choose.
  const fromAddress = values.nickname === undefined;
  const nicknameResult = nicknameField.safeParse(values.nickname ?? email.split('@')[0]!.slice(0, 30));
  if (fromAddress && !nicknameResult.success)
    fail(
      `nickname: "${email.split('@')[0]}" (taken from the address) cannot be the name others see (${translateValidation(nicknameResult.error.issues[0]!.message, 'en')}); choose one with --nickname NAME`,
    );
  const nickname = check('nickname', nicknameResult);
  if (await isWeakPassword(password, [email, nickname]))
    fail('password: too easy to guess, choose another one');

  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : acquireDataLock(config.dataDir, 'user:create task');
  const database = openDatabase(config.databaseUrl, config.dataDir);
  try {
    await database.migrate();
    if (await verifiedAccountByEmail(database.db, email)) throw new EmailTakenError();
    const row = await insertUser(database.db, {
      email,
      nickname,
      passwordHash: await hashPassword(password),
      locale: values.locale === 'en' ? 'en' : 'de',
      verified: values.verified || values.admin,
      superAdmin: values.admin,
      termsAccepted: true,
    });
    if (values.admin)
      await database.db
        .update(users)
        .set({ matchingStep: -1, onboardedAt: new Date() })
        .where(eq(users.id, row.id));
    console.log(
      `created user #${row.id} ${row.email}${values.admin ? ' (super admin)' : ''}${values.verified || values.admin ? ', verified' : ''}`,
    );
  } catch (err) {
    if (err instanceof EmailTakenError) fail(`${email} is already registered`);
    throw err;
  } finally {
    await database.close();
    release();
  }
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
