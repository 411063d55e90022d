import { hash, verify } from '@node-rs/argon2';

// DESIGN.md §8: argon2id m=19456 KiB, t=2, p=1.
// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const PARAMS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const PARAM_TAG = `$m=${PARAMS.memoryCost},t=${PARAMS.timeCost},p=${PARAMS.parallelism}$`;

export const hashPassword = (password: string) => hash(password, PARAMS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export const needsRehash = (passwordHash: string) =>
  !passwordHash.startsWith('$argon2id$') || !passwordHash.includes(PARAM_TAG);

// Verified against in place of missing accounts, so every login costs the same argon2 verifications.
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => {
  dummyHash ??= hashPassword('not-a-real-password-just-timing');
  return dummyHash;
};

/**
 * The first account whose hash matches. Always runs exactly `count` verifications (in parallel),
 * padding with the dummy hash, so the answer time does not tell how many accounts an address has.
 */
export async function firstMatchingAccount<T extends { passwordHash: string }>(
  accounts: T[],
  password: string,
  count: number,
  verify: (passwordHash: string, password: string) => Promise<boolean> = verifyPassword,
): Promise<T | undefined> {
  const considered = accounts.slice(0, count);
  const padding = count - considered.length;
  const hashes = [
    ...considered.map((a) => a.passwordHash),
    ...(padding > 0 ? Array<string>(padding).fill(await dummyPasswordHash()) : []),
  ];
  const results = await Promise.all(hashes.map((h) => verify(h, password)));
  return considered.find((_, i) => results[i]);
}

// Frequent long passwords from public breach corpora (offline list: no network at run time).
const COMMON = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789012345',
  '1234567890qwertz',
  'qwertyuiopasdfgh',
  'qwertzuiopü',
  'qwertyuiop123',
  'qwertzuiop123',
  'passwort1234',
  'password1234',
  'password12345',
  'password123456',
  'passwort12345',
  'passwort123456',
  'hallo1234567',
  'hallohallo12',
  'iloveyou1234',
  'ichliebedich1',
  'ichliebedich123',
  'schatzi12345',
  'sommer123456',
  'fussball1234',
  'fußball12345',
  'letmein12345',
  'welcome12345',
  'willkommen12',
  'willkommen123',
  'trustno1trustno1',
  'abcdefghijkl',
  'abcdefghijklm',
  'abc123abc123',
  'asdfghjklöä',
  'asdfghjkl123',
  'yxcvbnm12345',
  'zxcvbnm12345',
  'geheim123456',
  'geheimgeheim',
  'passwortpasswort',
  'passwordpassword',
  'trostnetz123',
  'trostnetz1234',
  'changeme1234',
  'administrator',
  'administrator1',
  'qwerty123456',
  'qwertz123456',
  '111111111111',
  '000000000000',
  '987654321098',
  '1q2w3e4r5t6z',
  '1q2w3e4r5t6y',
  'q1w2e3r4t5z6',
  'superman1234',
  'dragon123456',
  'monkey123456',
  'sunshine1234',
  'princess1234',
  'football1234',
  'baseball1234',
  'starwars1234',
  'michael12345',
  'jennifer1234',
  'internet1234',
  'computer1234',
]);

/** Refuses common, sequential, repeated or personal passwords; no composition rules (DESIGN.md §8). */
export function isWeakPassword(password: string, personal: string[] = []): boolean {
  const p = password.toLowerCase();
  if (COMMON.has(p)) return true;
  if (/^(.)\1+$/.test(p)) return true;
  if (/^(.{1,4})\1+$/.test(p)) return true;
  const seq = '01234567890abcdefghijklmnopqrstuvwxyzqwertzuiopasdfghjklyxcvbnmqwertyuiopzxcvbnm';
  if (seq.includes(p) || seq.split('').reverse().join('').includes(p)) return true;
  return personal.some((word) => {
    const w = word.toLowerCase().split('@')[0]!;
    return (
      w.length >= 4 &&
      p.replace(/[^a-z0-9äöüß]/g, '').includes(w.replace(/[^a-z0-9äöüß]/g, '')) &&
      p.length - w.length < 6
    );
  });
}
