import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { comments, groupMembers, groups, posts } from '../db/schema/groups.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { seedCategories, seedGroups } from '../modules/groups/groups.seed.ts';
import { demoAnswers, seededRandom } from '../modules/matching/demo-answers.ts';
import { rebuildProfile } from '../modules/matching/matching.service.ts';
import {
  saveAnswers,
  seedQuestionnaire,
  setMatchingStep,
} from '../modules/questionnaire/questionnaire.service.ts';
import { EmailTakenError, insertUser } from '../modules/users/users.service.ts';

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

/** A few quiet first posts, and the answers others gave. */
const postTexts = [
  {
    title: 'Die Abende sind am schwersten',
    message: 'Tagsüber geht es irgendwie, aber abends wird es still. Wie geht ihr mit diesen Stunden um?',
  },
  {
    title: 'Ein kleines Ritual, das mir hilft',
    message:
      'Ich zünde jeden Sonntag eine Kerze an und erzähle ihr von meiner Woche. Habt ihr auch so etwas?',
  },
  {
    title: 'Neu hier',
    message:
      'Hallo zusammen, ich bin neu hier und lese schon eine Weile mit. Schön, dass es diese Gruppe gibt.',
  },
];
const commentTexts = [
  'Das kenne ich gut. Mir hilft es, einen kurzen Spaziergang zu machen, bevor es dunkel wird.',
  'Danke, dass du das teilst. Du bist damit nicht allein.',
  'Ein schöner Gedanke. Ich schreibe manchmal Briefe, die ich nie abschicke.',
  'Willkommen! Schreib einfach, wann immer dir danach ist.',
];

export interface DemoSeedResult {
  /** Members created by this run (addresses already taken are left alone). */
  created: number;
  groups: number;
  posts: number;
  comments: number;
}

/**
 * A living demo community on an opened, migrated database: `members` verified, onboarded members
 * (demo1@example.org …, one password), every other one answering the questionnaire's common answers
 * (COMMON_ANSWERS, so a new member who answers the common way is suggested someone at once); each group
 * gets the members whose loss it is about and a few others, and a few posts with comments and a
 * reply. Deterministic (a seeded random), quick with small counts; a second run adds nobody twice.
 */
export async function seedDemo(
  database: Pick<Database, 'db'>,
  { members, password = DEMO_PASSWORD }: { members: number; password?: string },
): Promise<DemoSeedResult> {
  const { db } = database;
  await seedQuestionnaire(db);
  await seedGroups(db);
  const passwordHash = await hashPassword(password);
  const rnd = seededRandom(42);
  const made: Array<{ id: number; losses: string[] }> = [];
  for (let i = 1; i <= members; i++) {
    try {
      const user = await insertUser(db, {
        email: `demo${i}@example.org`,
        passwordHash,
        nickname: `${nicknames[i % nicknames.length]} ${i}`,
        locale: 'de',
        verified: true,
        termsAccepted: true,
      });
      const answers = demoAnswers(rnd, i);
      await saveAnswers(db, user.id, answers);
      await setMatchingStep(db, user.id, -1);
      await rebuildProfile(db, user.id);
      made.push({ id: user.id, losses: [answers.loss_kind ?? []].flat() });
    } catch (err) {
      if (!(err instanceof EmailTakenError)) throw err;
    }
  }
  const community = made.length ? await seedGroupLife(db, made, rnd) : { groups: 0, posts: 0, comments: 0 };
  return { created: made.length, ...community };
}

/** Members join the groups about their loss (and one more each); each group with members gets posts. */
async function seedGroupLife(
  db: Pick<Database, 'db'>['db'],
  made: Array<{ id: number; losses: string[] }>,
  rnd: () => number,
) {
  // The shipped groups (by slug), not ones an admin added.
  const shipped = seedCategories.flatMap((c) => c.groups.map((g) => g.slug));
  const all = await db.select().from(groups).where(inArray(groups.slug, shipped)).orderBy(groups.id);
  const joined = new Map<number, number[]>();
  const join = (groupId: number, userId: number) => {
    const list = joined.get(groupId) ?? [];
    if (!list.includes(userId)) list.push(userId);
    joined.set(groupId, list);
  };
  for (const [n, m] of made.entries()) {
    const about = all.filter((g) => g.lossKinds.some((k) => m.losses.includes(k)));
    for (const g of about) join(g.id, m.id);
    // One more group each, round the list: the open groups fill up as well.
    const extra = all[n % all.length];
    if (extra) join(extra.id, m.id);
  }
  const memberRows = [...joined].flatMap(([groupId, ids]) => ids.map((userId) => ({ groupId, userId })));
  if (memberRows.length) await db.insert(groupMembers).values(memberRows).onConflictDoNothing();

  let postCount = 0;
  let commentCount = 0;
  const start = Date.now() - 3 * 86_400_000;
  let minute = 0;
  // Each post and comment a little later than the one before, over the last three days.
  const at = () => {
    minute += 7 + Math.floor(rnd() * 50);
    return new Date(start + minute * 60_000);
  };
  for (const [groupId, ids] of joined) {
    if (ids.length < 2) continue;
    const count = Math.min(2, postTexts.length, ids.length - 1);
    for (let p = 0; p < count; p++) {
      const text = postTexts[(groupId + p) % postTexts.length]!;
      const author = ids[p % ids.length]!;
      const [post] = await db
        .insert(posts)
        .values({ groupId, authorId: author, title: text.title, message: text.message, createdAt: at() })
        .returning({ id: posts.id });
      postCount += 1;
      const others = ids.filter((id) => id !== author).slice(0, 2);
      let first: number | undefined;
      for (const [c, commenter] of others.entries()) {
        const [row] = await db
          .insert(comments)
          .values({
            postId: post!.id,
            authorId: commenter,
            message: commentTexts[(groupId + p + c) % commentTexts.length]!,
            createdAt: at(),
          })
          .returning({ id: comments.id });
        first ??= row!.id;
        commentCount += 1;
      }
      if (first !== undefined) {
        // The post's author answers the first comment: one reply, one level as the app allows.
        await db.insert(comments).values({
          postId: post!.id,
          parentId: first,
          authorId: author,
          message: 'Danke euch, das tut gut zu lesen.',
          createdAt: at(),
        });
        commentCount += 1;
      }
    }
  }
  return { groups: joined.size, posts: postCount, comments: commentCount };
}
