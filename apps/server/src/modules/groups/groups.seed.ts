import type { Db } from '../../db/client.ts';
import { groupCategories, groups } from '../../db/schema/groups.ts';

type Texts = { de: string; en: string };
interface SeedGroup {
  slug: string;
  name: Texts;
  description: Texts;
  /** The questionnaire's `loss_kind` options the group is about (dashboard: "a loss like mine"). */
  lossKinds: string[];
}
interface SeedCategory {
  slug: string;
  name: Texts;
  description: Texts;
  groups: SeedGroup[];
}

/** The shipped categories and groups (issue 12); admins manage them later. Slugs are stable. */
export const seedCategories: SeedCategory[] = [
  {
    slug: 'wen-ich-verloren-habe',
    name: { de: 'Wen ich verloren habe', en: 'Who I lost' },
    description: {
      de: 'Gruppen für den Verlust eines bestimmten Menschen.',
      en: 'Groups for the loss of a particular person.',
    },
    groups: [
      {
        slug: 'partner',
        name: { de: 'Verlust des Partners / der Partnerin', en: 'Loss of a partner' },
        description: {
          de: 'Für alle, die ihren Lebensmenschen verloren haben.',
          en: 'For everyone who lost the person they shared their life with.',
        },
        lossKinds: ['partner'],
      },
      {
        slug: 'kind',
        name: { de: 'Verlust eines Kindes', en: 'Loss of a child' },
        description: {
          de: 'Für Eltern und Angehörige, die ein Kind verloren haben, gleich in welchem Alter.',
          en: 'For parents and relatives who lost a child, at any age.',
        },
        lossKinds: ['child'],
      },
      {
        slug: 'eltern',
        name: { de: 'Verlust von Mutter oder Vater', en: 'Loss of a parent' },
        description: {
          de: 'Für alle, die ihre Mutter, ihren Vater oder beide verloren haben.',
          en: 'For everyone who lost their mother, their father or both.',
        },
        lossKinds: ['parent'],
      },
      {
        slug: 'geschwister',
        name: { de: 'Verlust eines Geschwisters', en: 'Loss of a sibling' },
        description: {
          de: 'Für alle, die eine Schwester oder einen Bruder verloren haben.',
          en: 'For everyone who lost a sister or a brother.',
        },
        lossKinds: ['sibling'],
      },
      {
        slug: 'sternenkinder',
        name: { de: 'Sternenkinder und stille Geburt', en: 'Star children and stillbirth' },
        description: {
          de: 'Für Eltern, deren Kind vor, während oder kurz nach der Geburt gestorben ist.',
          en: 'For parents whose child died before, during or shortly after birth.',
        },
        lossKinds: ['pregnancy'],
      },
    ],
  },
  {
    slug: 'wie-es-geschah',
    name: { de: 'Wie es geschah', en: 'How it happened' },
    description: {
      de: 'Gruppen für Verluste, die besondere Fragen hinterlassen.',
      en: 'Groups for losses that leave particular questions behind.',
    },
    groups: [
      {
        slug: 'suizid',
        name: { de: 'Verlust durch Suizid', en: 'Loss through suicide' },
        description: {
          de: 'Für Hinterbliebene nach einem Suizid – ohne Schuld und ohne Tabu.',
          en: 'For those bereaved by suicide – without blame and without taboo.',
        },
        lossKinds: ['suicide'],
      },
      {
        slug: 'ploetzlicher-verlust',
        name: { de: 'Plötzlicher Verlust', en: 'Sudden loss' },
        description: {
          de: 'Für alle, die ohne Vorwarnung einen Menschen verloren haben: Unfall, Herztod, Gewalt.',
          en: 'For everyone who lost someone without warning: an accident, a sudden death, violence.',
        },
        lossKinds: ['friend'],
      },
    ],
  },
  {
    slug: 'miteinander',
    name: { de: 'Miteinander', en: 'Together' },
    description: {
      de: 'Gruppen für alles, was Trauer und Krise im Alltag mit sich bringen.',
      en: 'Groups for everything grief and crisis bring into everyday life.',
    },
    groups: [
      {
        slug: 'trauer-im-alltag',
        name: { de: 'Trauer im Alltag', en: 'Grief in everyday life' },
        description: {
          de: 'Arbeit, Feiertage, Behörden, Familie: wie der Alltag mit der Trauer weitergeht.',
          en: 'Work, holidays, paperwork, family: how everyday life goes on with grief.',
        },
        lossKinds: ['friend', 'pet', 'separation', 'illness', 'other'],
      },
      {
        slug: 'fuer-alle',
        name: { de: 'Eine Gruppe für alle', en: 'A group for everyone' },
        description: {
          de: 'Für alles, was sonst nirgends hinpasst. Hier ist jede und jeder willkommen.',
          en: 'For everything that fits nowhere else. Everyone is welcome here.',
        },
        lossKinds: [],
      },
    ],
  },
];

/** Idempotent, at every start: a category or group missing by slug is added; what admins changed stays. */
export async function seedGroups(db: Db) {
  await db
    .insert(groupCategories)
    .values(
      seedCategories.map((c, position) => ({
        slug: c.slug,
        position,
        name: c.name,
        description: c.description,
      })),
    )
    .onConflictDoNothing();
  const ids = new Map(
    (await db.select({ id: groupCategories.id, slug: groupCategories.slug }).from(groupCategories)).map(
      (r) => [r.slug, r.id],
    ),
  );
  const rows = seedCategories.flatMap((c) =>
    c.groups.map((g, position) => ({
      categoryId: ids.get(c.slug)!,
      slug: g.slug,
      position,
      name: g.name,
      description: g.description,
      lossKinds: g.lossKinds,
    })),
  );
  await db.insert(groups).values(rows).onConflictDoNothing({ target: groups.slug });
}
