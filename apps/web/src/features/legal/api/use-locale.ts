import { pickLocale } from '@trostnetz/contracts/messages';
import { useTranslation } from 'react-i18next';

/** The UI language, re-rendering on a switch, so texts load in the new language. */
export function useLocale() {
  return pickLocale(useTranslation().i18n.language);
}
