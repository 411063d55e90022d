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
