/**
 * The app shell's text namespaces (lib/i18n.ts): bundled with the app in German; the build keeps the
 * other German namespaces in two chunks of their own, the home screen's (below) and the rest (vite.config.ts).
 */
export const SHELL_NAMESPACES = ['common', 'layout', 'crisis', 'consent', 'errors', 'auth', 'nova'] as const;

/**
 * What a signed-in member's home screen (/dashboard) and the member's frame read beyond the shell: the
 * German namespaces of the chunk /dashboard loads instead of all German texts (issue 13, lib/i18n.ts).
 * e2e/tests/budget.spec.ts holds every namespace the dashboard's code uses to this list.
 */
export const HOME_NAMESPACES = ['dashboard', 'friendship', 'notifications', 'onboarding', 'posts'] as const;
