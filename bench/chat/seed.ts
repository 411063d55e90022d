// Befriended pairs written straight into a fresh PostgreSQL database, with sessions minted the way
// login mints them (their access tokens live for the whole benchmark run).
import { FriendStatus } from '@trostnetz/contracts/friendship';
import pg from 'pg';
import type { AppContext } from '../../apps/server/src/app-context.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { partnerships } from '../../apps/server/src/db/schema/partnerships.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { startSession } from '../../apps/server/src/modules/auth/sessions.service.ts';
import { createAccessTokens } from '../../apps/server/src/modules/auth/tokens.ts';
import { sharedSecrets } from '../../apps/server/src/test/spawn-server.ts';

export interface SeededMember {
  id: number;
  partner: number;
  token: string;
}

export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Members 2k and 2k+1 are partners. */
export async function seedPairs(url: string, count: number, emailPrefix = 'chat'): Promise<SeededMember[]> {
  const database = openDatabase(url, '');
  await database.migrate();
  const config = loadConfig({ ...sharedSecrets, DATA_DIR: '/tmp/trostnetz-bench' });
  // A ladder of 20-second steps outlasts the usual 15 minutes of an access token.
  const tokenConfig = { ...config, tokens: { ...config.tokens, accessTtlSec: 6 * 3600 } };
  const ctx = {
    db: database.db,
    config,
    accessTokens: createAccessTokens(tokenConfig),
  } as unknown as AppContext;
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${emailPrefix}${i}@example.org`,
        passwordHash: 'x',
        nickname: `Chat ${i}`,
        isVerified: true,
        matchingStep: -1,
      })),
    )
    .returning({ id: users.id });
  const ids = rows.map((r) => r.id);
  const pairs = [];
  for (let i = 0; i + 1 < ids.length; i += 2) {
    pairs.push({
      userLow: ids[i]!,
      userHigh: ids[i + 1]!,
      statusLow: FriendStatus.befriended,
      statusHigh: FriendStatus.befriended,
      befriendedAt: new Date(),
    });
  }
  await database.db.insert(partnerships).values(pairs);
  const members: SeededMember[] = [];
  for (let i = 0; i < ids.length; i++) {
    const { token } = await startSession(ctx, ids[i]!, 'bench');
    members.push({ id: ids[i]!, partner: ids[i % 2 ? i - 1 : i + 1]!, token });
  }
  await database.close();
  return members;
}
