import { defaultLocale, type Locale, pickLocale } from '@trostnetz/contracts/messages';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { HOME_NAMESPACES, SHELL_NAMESPACES } from '../locales/shell-namespaces.ts';

export const LOCALE_STORAGE_KEY = 'trostnetz-locale';

/**
 * The console's texts (issue 16) are for the team only: members never download them. The console's own
 * chunk adds them (features/nova/console-texts.ts); the route titles stay in `nova`, loaded with the app.
 */
export const STAFF_ONLY = 'nova-console';

type Bundles = Record<string, { default: Record<string, unknown> }>;

/**
 * The app shell's texts: the frame of every screen (header, footer, crisis help, cookie choice, errors)
 * and the sign-in screens. Only these German texts are bundled with the app, so a first visit to /login
 * carries no other screen's words (issue 13). The glob names SHELL_NAMESPACES (it must be a literal;
 * below, development and the tests stop at once when the two differ).
 */
const bundled = import.meta.glob<{ default: Record<string, unknown> }>(
  '../locales/de/{common,layout,crisis,consent,errors,auth,nova}.json',
  { eager: true },
);
type Loaders = Record<string, () => Promise<{ default: Record<string, unknown> }>>;
/**
 * The rest of the German texts in two chunks (vite.config.ts): what the member's home screen and frame read
 * (HOME_NAMESPACES), loaded before /dashboard, and the others, loaded before any other screen that is not a
 * sign-in screen (app/guard-loader.ts). The globs must be literals; below, development and the tests stop at
 * once when they differ from the lists. The other language comes whole, in one chunk of its own, when a
 * member uses it.
 */
const germanHome: Loaders = import.meta.glob<{ default: Record<string, unknown> }>(
  '../locales/de/{dashboard,friendship,notifications,onboarding,posts}.json',
);
const lazyTexts: Record<Locale, Loaders> = {
  de: {
    ...germanHome,
    ...import.meta.glob<{ default: Record<string, unknown> }>([
      '../locales/de/*.json',
      '!../locales/de/{common,layout,crisis,consent,errors,auth,nova}.json',
      '!../locales/de/{dashboard,friendship,notifications,onboarding,posts}.json',
      '!../locales/de/nova-console.json',
    ]),
  },
  en: import.meta.glob<{ default: Record<string, unknown> }>([
    '../locales/en/*.json',
    '!../locales/en/nova-console.json',
  ]),
};

const namespaceOf = (path: string) => /locales\/[a-z]{2}\/([\w-]+)\.json$/.exec(path)?.[1];

function toNamespaces(modules: Bundles): Record<string, Record<string, unknown>> {
  const namespaces: Record<string, Record<string, unknown>> = {};
  for (const [path, mod] of Object.entries(modules)) {
    const ns = namespaceOf(path);
    if (ns) namespaces[ns] = mod.default;
  }
  return namespaces;
}

/** The texts loaded so far, language → namespace → keys. */
export const resources: Resource = { de: toNamespaces(bundled) };
// The glob cannot read SHELL_NAMESPACES: in development and tests a mismatch stops the app at once.
if (
  import.meta.env.DEV &&
  Object.keys(resources.de ?? {})
    .sort()
    .join() !== [...SHELL_NAMESPACES].sort().join()
) {
  throw new Error(`lib/i18n.ts: the bundled German texts must be exactly ${SHELL_NAMESPACES.join(', ')}`);
}
if (
  import.meta.env.DEV &&
  Object.keys(germanHome).map(namespaceOf).sort().join() !== [...HOME_NAMESPACES].sort().join()
) {
  throw new Error(`lib/i18n.ts: the German home texts must be exactly ${HOME_NAMESPACES.join(', ')}`);
}

function storedLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return stored ? pickLocale(stored) : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

export const i18n: I18n = i18next.createInstance();

const initial = storedLocale();
void i18n.use(initReactI18next).init({
  resources,
  // Until the stored language's texts are there (i18nReady), German.
  lng: defaultLocale,
  fallbackLng: defaultLocale,
  supportedLngs: ['de', 'en'],
  defaultNS: 'common',
  ns: [...SHELL_NAMESPACES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = pickLocale(lng);
});
document.documentElement.lang = pickLocale(i18n.language);

/** The current UI language; sent as Accept-Language and used for validation messages. */
export function getLocale(): Locale {
  return pickLocale(i18n.language);
}

export async function setLocale(locale: Locale) {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
}

/**
 * A language's texts, fetched once each (the German shell is bundled) and added to i18next: all of them, or
 * (`home`) only what the member's home screen and frame read. A language without a home part loads whole.
 */
const loading = new Map<string, Promise<void>>();

export function loadLocale(locale: Locale, part: 'all' | 'home' = 'all'): Promise<void> {
  const key = `${locale}:${part}`;
  let done = loading.get(key);
  if (!done) {
    const loaders = Object.entries(lazyTexts[locale]).filter(
      ([path]) => part === 'all' || locale !== 'de' || path in germanHome,
    );
    done = Promise.all(loaders.map(async ([path, load]) => [path, await load()] as const)).then((entries) => {
      const namespaces = toNamespaces(Object.fromEntries(entries));
      // Merged, not replaced: the console may have added its own namespace before.
      resources[locale] = { ...resources[locale], ...namespaces };
      for (const [ns, keys] of Object.entries(namespaces))
        i18n.addResourceBundle(locale, ns, keys, true, true);
    });
    // A failed fetch (offline) is tried again at the next screen.
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/** Every text of the language shown now: what every screen but the sign-in screens and the home screen needs. */
export const loadAllTexts = (): Promise<void> => loadLocale(getLocale());

/** What the member's home screen and frame read (HOME_NAMESPACES), in the language shown now. */
export const loadHomeTexts = (): Promise<void> => loadLocale(getLocale(), 'home');

/** Resolves once the stored language's texts are loaded and chosen: the app renders after it. */
export const i18nReady: Promise<void> =
  initial === defaultLocale
    ? Promise.resolve()
    : loadLocale(initial)
        .then(() => i18n.changeLanguage(initial))
        .then(
          () => undefined,
          (error: unknown) => console.error('i18n: loading the stored language failed', error),
        );
