import { defaultLocale, type Locale, pickLocale } from '@trostnetz/contracts/messages';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LOCALE_STORAGE_KEY = 'trostnetz-locale';

/**
 * The console's texts (issue 16) are for the team only: members never download them. The console's own
 * chunk adds them (features/nova/console-texts.ts); the route titles stay in `nova`, loaded with the app.
 */
export const STAFF_ONLY = 'nova-console';

type Bundles = Record<string, { default: Record<string, unknown> }>;

/**
 * The default language's texts (locales/de/<namespace>.json) are bundled with the app; the other
 * language's come in one chunk of their own when a member uses it (vite.config.ts), so that the first
 * screen does not carry both.
 */
const bundled = import.meta.glob<{ default: Record<string, unknown> }>(
  ['../locales/de/*.json', '!../locales/de/nova-console.json'],
  { eager: true },
);
/** Each file of the other language is its own module; vite.config.ts puts them into one chunk. */
const lazyEnglish = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/en/*.json',
  '!../locales/en/nova-console.json',
]);

function toNamespaces(modules: Bundles): Record<string, Record<string, unknown>> {
  const namespaces: Record<string, Record<string, unknown>> = {};
  for (const [path, mod] of Object.entries(modules)) {
    const match = /locales\/[a-z]{2}\/([\w-]+)\.json$/.exec(path);
    if (match) namespaces[match[1]!] = mod.default;
  }
  return namespaces;
}

/** The texts loaded so far, language → namespace → keys. */
export const resources: Resource = { de: toNamespaces(bundled) };

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
  lng: resources[initial] ? initial : defaultLocale,
  fallbackLng: defaultLocale,
  supportedLngs: ['de', 'en'],
  defaultNS: 'common',
  ns: Object.keys(resources[defaultLocale] ?? {}),
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

/** Fetches a language's texts once (German is bundled) and adds them to i18next. */
const loadedLocales = new Set(Object.keys(resources));

export async function loadLocale(locale: Locale): Promise<void> {
  // Not `resources[locale]`: the console may have added its own English namespace before.
  if (loadedLocales.has(locale)) return;
  const entries = await Promise.all(
    Object.entries(lazyEnglish).map(async ([path, load]) => [path, await load()] as const),
  );
  const namespaces = toNamespaces(Object.fromEntries(entries));
  resources[locale] = { ...resources[locale], ...namespaces };
  loadedLocales.add(locale);
  for (const [ns, keys] of Object.entries(namespaces)) i18n.addResourceBundle(locale, ns, keys, true, true);
}

/** Resolves once the stored language's texts are loaded and chosen: the app renders after it. */
export const i18nReady: Promise<void> = resources[initial]
  ? Promise.resolve()
  : loadLocale(initial)
      .then(() => i18n.changeLanguage(initial))
      .then(
        () => undefined,
        (error: unknown) => console.error('i18n: loading the stored language failed', error),
      );
