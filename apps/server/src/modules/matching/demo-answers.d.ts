/** Small deterministic PRNG so demo data and benchmarks are repeatable. */
export declare function seededRandom(seed: number): () => number;
/** Varied, plausible answers: most members seek support, some offer it; German is common. */
export declare function randomAnswers(rnd: () => number, index: number): Record<string, string[] | string>;
