import { questionnaire } from '../questionnaire/questionnaire.data.ts';

/** Small deterministic PRNG so demo data and benchmarks are repeatable. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const intros = {
  de: [
    'Seit dem Verlust fühlt sich vieles leer an. Ich suche jemanden, der versteht, ohne zu urteilen.',
    'Ich schreibe gern abends und freue mich über Austausch mit Menschen, die Ähnliches erlebt haben.',
    'Es ist ein paar Jahre her, und ich möchte anderen zeigen, dass es leichter werden kann.',
    'Manchmal brauche ich einfach jemanden, der zuhört. Ich höre auch gern zu.',
    'Ich gehe viel spazieren, das hilft mir. Vielleicht findet sich jemand aus meiner Gegend.',
  ],
};

/** Varied, plausible answers: most members seek support, some offer it; German is common. */
export function randomAnswers(rnd: () => number, index: number): Record<string, string[] | string> {
  const answers: Record<string, string[] | string> = {};
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  for (const q of questionnaire) {
    const keys = q.options.map((o) => o.key);
    if (q.kind === 'text') answers[q.key] = pick(intros.de);
    else if (q.key === 'role') answers[q.key] = [rnd() < 0.2 ? 'supporter' : 'seeker'];
    else if (q.key === 'languages')
      answers[q.key] = rnd() < 0.85 ? ['de', ...(rnd() < 0.3 ? ['en'] : [])] : [pick(keys)];
    else if (q.kind === 'single') answers[q.key] = q.required || rnd() < 0.7 ? [pick(keys)] : [];
    else {
      const preference = q.key === 'partner_age' || q.key === 'partner_gender';
      const n = preference ? (rnd() < 0.7 ? 0 : 1 + Math.floor(rnd() * 2)) : 1 + Math.floor(rnd() * 2);
      answers[q.key] = [...new Set(Array.from({ length: n }, () => pick(keys)))];
    }
  }
  answers.about = `${answers.about} (#${index})`;
  return answers;
}

/**
 * The questionnaire's common answers: what most who come here answer (a seeker who lost a parent and
 * writes German, with no wishes about a partner's age or gender). Every other demo member answers
 * these (`demoAnswers`), so a new member who answers the common way is suggested someone at once.
 */
export const COMMON_ANSWERS = {
  role: ['seeker'],
  loss_kind: ['parent'],
  loss_when: ['3_12m'],
  support_kind: ['listening'],
  age_group: ['36_50'],
  partner_age: [],
  partner_gender: [],
  languages: ['de'],
} satisfies Record<string, string[]>;

/**
 * The demo members' answers: the odd ones (demo1, demo3, …) the common answers, varied where it does
 * not keep anyone apart (when, how, age, some offer support, some name a second loss); the others
 * varied answers (`randomAnswers`).
 */
export function demoAnswers(rnd: () => number, index: number): Record<string, string[] | string> {
  const varied = randomAnswers(rnd, index);
  if (index % 2 === 0) return varied;
  const second = rnd() < 0.3 ? [String(varied.loss_kind?.[0] ?? 'parent')] : [];
  return {
    ...varied,
    ...COMMON_ANSWERS,
    role: [rnd() < 0.3 ? 'supporter' : 'seeker'],
    loss_kind: [...new Set(['parent', ...second])],
    loss_when: varied.loss_when ?? COMMON_ANSWERS.loss_when,
    age_group: varied.age_group ?? COMMON_ANSWERS.age_group,
    languages: rnd() < 0.3 ? ['de', 'en'] : ['de'],
  };
}
