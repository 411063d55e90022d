import { defaultLocale, type Locale, pickLocale } from '@trostnetz/contracts/messages';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LOCALE_STORAGE_KEY = 'trostnetz-locale';

// Every locales/<lang>/<namespace>.json is bundled; namespaces are grouped by feature.
const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', {
  eager: true,
});

export const resources: Resource = {};
for (const [path, mod] of Object.entries(modules)) {
  const match = /locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, ns] = match as unknown as [string, string, string];
  resources[lang] ??= {};
  resources[lang][ns] = mod.default;
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

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLocale(),
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
  await i18n.changeLanguage(locale);
}
