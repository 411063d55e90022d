import { hash, verify } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

// DESIGN.md §8: argon2id m=19456 KiB, t=2, p=1.
// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const PARAMS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, PARAMS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash is anything but argon2id with today's parameters (then it is replaced at sign-in). */
export function needsRehash(passwordHash: string): boolean {
  const params = `$m=${PARAMS.memoryCost},t=${PARAMS.timeCost},p=${PARAMS.parallelism}$`;
  return !passwordHash.startsWith('$argon2id$') || !passwordHash.includes(params);
}

// Verified against in place of missing accounts, so every login costs the same argon2 verifications.
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => {
  // Stryker disable next-line StringLiteral: no answer ever depends on what the dummy hash matches (its results are ignored); any text costs the same
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
    ...Array<string>(padding).fill(await dummyPasswordHash()),
  ];
  const results = await Promise.all(hashes.map((h) => verify(h, password)));
  return considered.find((_, i) => results[i]);
}

/**
 * Product words, and frequent German passwords the dictionaries rank too low (phrases written as one word).
 * Given with every check as user inputs, which zxcvbn ranks as the most likely words of all; a function, so
 * that the list is read per check (docs/mutation-testing.md: code that runs once at import cannot be tested
 * per mutant).
 */
const productWords = () => [
  'trostnetz',
  'trost',
  'trostpartner',
  'trostpartnerin',
  'ichliebedich',
  'ichvermissedich',
  'ruheinfrieden',
  'schatzi',
];

/**
 * zxcvbn-ts with the common, German and English dictionaries (several MB): loaded once, on the first
 * check, so processes and tests that never set a password do not pay for it. Server only.
 */
let estimator: Promise<ZxcvbnFactory> | undefined;
function loadEstimator() {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, de, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-de'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...de.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      // Matching time grows steeply with length; beyond 64 characters the first 64 decide.
      maxLength: 64,
    });
  })();
  return estimator;
}

/** The member's e-mail, its local part, the nickname, and their pieces, as zxcvbn user inputs. */
function personalInputs(personal: string[]): string[] {
  const words = personal.flatMap((value) => {
    const v = value.trim().toLowerCase();
    const local = v.split('@')[0]!;
    // Runs of separators leave empty pieces, which the length filter below drops.
    return [v, local, ...local.split(/[._+-]/), ...v.split(/[\s._-]/)];
  });
  return [...new Set(words.filter((w) => w.length >= 3))];
}

/** "schalke04schalke", "Hallo 1 hallo": one word repeated around digits or signs, which zxcvbn rates too high. */
function isRepeatedWord(password: string): boolean {
  const letters = password.toLowerCase().replace(/[^\p{L}]/gu, '');
  return /^(.{3,})\1+$/u.test(letters);
}

/** zxcvbn's score 3 begins at this many guesses. */
const SCORE_3_GUESSES = 1e8;

/**
 * "sommer2024!!", "Regenbogen 1987": one word with only digits, signs and blanks before and after it.
 * zxcvbn adds ten thousand guesses for every part of a password beyond the first (for not knowing how
 * many parts there are), which lifts these to score 3; but a word with a year and signs around it is
 * the first thing a cracker's rules try. So here only what the parts cost together counts: the
 * guesses of the word's pieces and of each run of digits or of signs around it, multiplied.
 */
function isDressedUpWord(zxcvbn: ZxcvbnFactory, password: string, inputs: string[]): boolean {
  const parts = /^([^\p{L}]*)(\p{L}+)([^\p{L}]*)$/u.exec(password);
  if (!parts) return false;
  const runs = [parts[1]!, parts[3]!].flatMap((around) => around.match(/\p{N}+|[^\p{N}]+/gu) ?? []);
  const pieces = [parts[2]!, ...runs].flatMap((part) => zxcvbn.check(part, inputs).sequence);
  return pieces.reduce((guesses, piece) => guesses * piece.guesses, 1) < SCORE_3_GUESSES;
}

/**
 * Refuses guessable passwords (zxcvbn score below 3, a word dressed up with a year and signs) and
 * personal ones; no composition rules (DESIGN.md §8).
 */
export async function isWeakPassword(password: string, personal: string[]): Promise<boolean> {
  if (isRepeatedWord(password)) return true;
  const zxcvbn = await loadEstimator();
  const inputs = [...personalInputs(personal), ...productWords()];
  return isDressedUpWord(zxcvbn, password, inputs) || zxcvbn.check(password, inputs).score < 3;
}
