import { i18n, STAFF_ONLY } from '../../lib/i18n.ts';
import de from '../../locales/de/nova-console.json';
import en from '../../locales/en/nova-console.json';

/**
 * Adds the console's texts (both languages, they are small) when its chunk loads; lib/i18n.ts keeps
 * them out of the members' bundle.
 */
export const CONSOLE_NS = STAFF_ONLY;

if (!i18n.hasResourceBundle('de', CONSOLE_NS)) {
  i18n.addResourceBundle('de', CONSOLE_NS, de, true, true);
  i18n.addResourceBundle('en', CONSOLE_NS, en, true, true);
}
