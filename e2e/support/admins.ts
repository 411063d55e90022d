/**
 * The super admins the e2e server starts with (playwright.config.ts makes them with `user:create --admin`),
 * one per language journey of the console (issue 16).
 */
export const E2E_ADMIN_PASSWORD = 'Leise Wellen am Morgen 42';
export const E2E_ADMINS = [
  { lang: 'de', email: 'e2e-admin-de@example.org', nickname: 'AdminDe' },
  { lang: 'en', email: 'e2e-admin-en@example.org', nickname: 'AdminEn' },
] as const;
