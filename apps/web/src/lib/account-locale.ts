import type { Locale } from '@trostnetz/contracts/messages';
import { settingsApi } from '@trostnetz/contracts/settings.endpoints';
import type { User } from '@trostnetz/contracts/user';
import { checked } from './answer.ts';
import { api } from './api-client.ts';
import { getLocale, setLocale } from './i18n.ts';
import { authenticatedUser, useUserStore } from './storage/user-store.ts';

/**
 * Once the member is known (sign-in, or the member fetched at start), the account's language wins over
 * the device's: an English account sees English on a new device too. Resolves once its texts are shown.
 */
export function adoptAccountLocale(user: Pick<User, 'locale'>): Promise<void> {
  return user.locale === getLocale() ? Promise.resolve() : setLocale(user.locale);
}

/**
 * The language switch: the device remembers the choice, and a signed-in member's account keeps it, so the
 * next sign-in on any device and every mail to them follow it.
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  await setLocale(locale);
  const user = authenticatedUser(useUserStore.getState());
  if (!user || user.locale === locale) return;
  useUserStore.getState().setUser({ ...user, locale });
  try {
    const answer = await checked(api(settingsApi.changeLocale, { body: { locale } }), () =>
      import('@trostnetz/contracts/settings').then((c) => c.settingsMe),
    );
    useUserStore.getState().setUser(answer.user);
  } catch {
    // Offline or signed out meanwhile: the device keeps the choice; the account is asked again next time.
  }
}
