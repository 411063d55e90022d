/**
 * The app shell's text namespaces (lib/i18n.ts): bundled with the app in German; the build keeps the
 * other German namespaces in a chunk of their own (vite.config.ts).
 */
export const SHELL_NAMESPACES = ['common', 'layout', 'crisis', 'consent', 'errors', 'auth', 'nova'] as const;
