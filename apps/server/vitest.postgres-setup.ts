import { POSTGRES_TEMPLATE_ENV, writePostgresTemplate } from './src/test/test-app.ts';

/** Once per run, PostgreSQL pass only: the migrated, seeded database every test database copies. */
export default async function setup(): Promise<() => Promise<void>> {
  // Both halves of the PostgreSQL pass (vitest.config.ts) run this setup in the same process: the first serves both.
  if (process.env[POSTGRES_TEMPLATE_ENV]) return async () => {};
  const template = await writePostgresTemplate();
  process.env[POSTGRES_TEMPLATE_ENV] = template.name;
  return () => template.drop();
}
