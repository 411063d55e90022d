import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CHOOSABLE_KINDS,
  DEFAULT_CHOICES,
  isAlwaysOn,
  NOTIFICATION_KINDS,
} from '@trostnetz/contracts/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen, stubApi } from '../../../test/render.tsx';
import { PreferencesForm } from './preferences-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const prefs = (friendRequestMail: boolean) => ({
  choices: Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [
      k,
      isAlwaysOn(k)
        ? DEFAULT_CHOICES[k]
        : { in_app: true, email: k === 'friend_request' ? friendRequestMail : true, push: false },
    ]),
  ),
  quiet_hours: { start: 22, end: 7 },
  time_zone: 'Europe/Berlin',
  news_email: 'off',
  push_public_key: 'key',
});

/** A fetch answer that waits until the test lets it go. */
function held(body: unknown) {
  let release = () => {};
  const answer = new Promise<Response>((resolve) => {
    release = () => resolve(jsonResponse(200, body));
  });
  return { answer: () => answer as unknown as Response, release };
}

describe('notification choices (issue 13): saved as each choice is made', () => {
  it('a choice shows at once and stays, even when an older answer of a refresh arrives before the server saved it', async () => {
    const api: Record<string, () => Response> = {
      'GET /api/user/notifications': () => jsonResponse(200, prefs(true)),
    };
    stubApi(api);
    const { client } = renderScreen(PreferencesForm);
    const mail = await screen.findByRole('checkbox', { name: 'Kontaktanfragen: E-Mail' });
    expect(mail).toBeChecked();

    // A refresh is under way (as when the list is marked read) and will bring the old choice.
    const staleRead = held(prefs(true));
    api['GET /api/user/notifications'] = staleRead.answer;
    void client.refetchQueries({ queryKey: ['notifications', 'preferences'] });
    const save = held(prefs(false));
    api['PUT /api/user/notifications'] = save.answer;

    await userEvent.click(mail);
    // Shown as soon as the screen renders again (the refresh is cancelled first), long before the save.
    await vi.waitFor(() => expect(mail).not.toBeChecked());
    staleRead.release();
    await new Promise((r) => setTimeout(r, 20));
    expect(mail).not.toBeChecked();
    save.release();
    await vi.waitFor(() => expect(client.isMutating()).toBe(0));
    expect(mail).not.toBeChecked();
  });

  it('a refused choice goes back to what the server holds', async () => {
    stubApi({
      'GET /api/user/notifications': () => jsonResponse(200, prefs(true)),
      'PUT /api/user/notifications': () =>
        jsonResponse(422, { message: 'Ungültig.', code: 'validation_failed' }),
    });
    renderScreen(PreferencesForm);
    const mail = await screen.findByRole('checkbox', { name: 'Kontaktanfragen: E-Mail' });
    await userEvent.click(mail);
    await vi.waitFor(() => expect(mail).toBeChecked());
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('always-on rule: security, deletion and export show as always by e-mail, with nothing to switch', async () => {
    stubApi({ 'GET /api/user/notifications': () => jsonResponse(200, prefs(true)) });
    renderScreen(PreferencesForm);
    await screen.findByRole('checkbox', { name: 'Kontaktanfragen: E-Mail' });
    for (const kind of ['Sicherheit meines Kontos', 'Löschen meines Kontos', 'Herunterladen meiner Daten']) {
      const row = screen.getByRole('row', { name: new RegExp(`^${kind}`) });
      expect(within(row).getByRole('rowheader')).toHaveTextContent(kind);
      expect(within(row).getByRole('cell')).toHaveTextContent('Immer per E-Mail');
      expect(within(row).queryAllByRole('checkbox')).toEqual([]);
    }
    expect(screen.getAllByRole('checkbox')).toHaveLength(CHOOSABLE_KINDS.length * 3);
  });
});
