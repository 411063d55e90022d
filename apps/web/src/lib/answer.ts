/** What `checked` needs of a contracts schema: zod's `parse`, whose result is the answer's type (`z.output`). */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

/**
 * Decision 021: whether this build checks the server's answers (HTTP bodies, live events) against their
 * contracts schemas. In development and in the tests it does, exactly as before; the production build
 * trusts them: the server checked each HTTP answer with the same schema before sending it (its
 * `serializerCompiler`), and its broadcaster checks live events outside production only (`checkedPayload`).
 * Read at each call, so a test can switch the mode (`vi.stubEnv('PROD', true)`).
 */
export const checksAnswers = (): boolean => !import.meta.env.PROD;

/**
 * The one way the web app reads a server answer: `raw` (the answer, or the promise of it) as its
 * schema's output. Development and the tests fetch the schema beside the answer and parse with it (a
 * malformed answer rejects with zod's error); production returns the answer unchanged and never calls
 * `schema`, so neither zod nor the schema's chunk is fetched for answers (decision 021). `schema` loads it
 * lazily, e.g. `() => import('@trostnetz/contracts/chat').then((c) => c.chatMessage)`: a module that
 * only reads answers imports no schema module statically.
 */
export async function checked<T>(raw: unknown, schema: () => Promise<AnswerSchema<T>>): Promise<T> {
  if (!checksAnswers()) return (await raw) as T;
  const [data, parser] = await Promise.all([raw, schema()]);
  return parser.parse(data);
}
