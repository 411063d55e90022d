import { POSTGRES_TEMPLATE_ENV, writePostgresTemplate } from './src/test/test-app.ts';

/** Once per run, PostgreSQL pass only: the migrated, seeded database every test database copies. */
export default async function setup(): Promise<() => Promise<void>> {
  const template = await writePostgresTemplate();
  process.env[POSTGRES_TEMPLATE_ENV] = template.name;
  return () => template.drop();
}
