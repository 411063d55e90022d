import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_VISIBILITY, type OwnProfile } from '@trostnetz/contracts/profile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, renderScreen, stubApi } from '../../../test/render.tsx';
import { ProfileScreen } from './profile-screen.tsx';

const own = (overrides: Partial<OwnProfile> = {}): OwnProfile => ({
  nickname: 'Ilka',
  avatar: null,
  motto: null,
  about: 'Ich höre gern zu.',
  visibility: { ...DEFAULT_VISIBILITY },
  ...overrides,
});

let fetchMock: ReturnType<typeof stubApi>;
let uploadAnswer: () => Response;
let patchAnswer: () => Response;
beforeEach(() => {
  useUserStore.getState().setUser(buildUser({ nickname: 'Ilka', matching_step: 0 }));
  uploadAnswer = () =>
    jsonResponse(200, { avatar: `/api/avatars/${'a'.repeat(32)}/${'b'.repeat(16)}/large` });
  patchAnswer = () => jsonResponse(200, own({ motto: 'Schritt für Schritt' }));
  fetchMock = stubApi({
    'GET /api/profile/me': () => jsonResponse(200, own()),
    'PATCH /api/profile/me': () => patchAnswer(),
    'POST /api/profile/avatar': () => uploadAnswer(),
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const open = () => renderScreen(ProfileScreen, { path: '/profile' });
const picture = (bytes: number, type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], 'bild.jpg', { type });
const chooseFile = async (file: File) =>
  userEvent.upload(await screen.findByLabelText('Bild auswählen', {}, { timeout: 5000 }), file);

describe('own profile: avatar', () => {
  it('shows the chosen picture as a preview and uploads it only on "Bild speichern"', async () => {
    open();
    await chooseFile(picture(1000));
    expect(screen.getByRole('img', { name: 'Vorschau deines neuen Profilbilds' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/profile/avatar')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Bild speichern' }));
    await waitFor(() =>
      expect(useUserStore.getState().user?.avatar).toBe(
        `/api/avatars/${'a'.repeat(32)}/${'b'.repeat(16)}/large`,
      ),
    );
    const upload = fetchMock.mock.calls.find(([url]) => url === '/api/profile/avatar')!;
    expect(upload[1]?.body).toBeInstanceOf(FormData);
  });

  it('a picture over 6 MB is refused before sending; the server’s 413, 415 and 422 are told in words', async () => {
    open();
    await chooseFile(picture(6 * 1024 * 1024 + 1));
    expect(await screen.findByText(/Dieses Bild ist zu groß/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Vorschau deines neuen Profilbilds' })).not.toBeInTheDocument();
    for (const [status, text] of [
      [415, /im Format JPEG, PNG oder WebP/],
      [422, /lässt sich nicht als Bild öffnen/],
      [413, /Dieses Bild ist zu groß/],
    ] as const) {
      uploadAnswer = () => jsonResponse(status, { message: 'x', code: 'validation_failed' });
      await chooseFile(picture(6 * 1024 * 1024));
      await userEvent.click(screen.getByRole('button', { name: 'Bild speichern' }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Verwerfen' }));
    }
  });
});

describe('own profile: texts and visibility', () => {
  it('saves motto, about and the visibility choices the member changed, no other; loss items offer only partners or nobody, nobody by default', async () => {
    open();
    const motto = await screen.findByLabelText('Dein Motto', {}, { timeout: 5000 });
    await userEvent.type(motto, 'Schritt für Schritt');
    const loss = screen.getByLabelText('Was du erlebt hast') as HTMLSelectElement;
    expect([...loss.options].map((o) => o.textContent)).toEqual(['Nur Trostpartner', 'Niemand']);
    expect(loss.selectedOptions[0]?.textContent).toBe('Niemand');
    expect([...(screen.getByLabelText('Alter') as HTMLSelectElement).options]).toHaveLength(4);
    await userEvent.selectOptions(loss, 'Nur Trostpartner');
    await userEvent.click(screen.getByRole('button', { name: 'Profil speichern' }));
    expect(await screen.findByText('Dein Profil ist gespeichert.')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/profile/me' && init?.method === 'PATCH',
    )!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({
      motto: 'Schritt für Schritt',
      about: 'Ich höre gern zu.',
      visibility: { loss_kind: 'partners' },
    });
  });

  it('the region is shown to nobody by default; a save that changes no choice sends no visibility, one that shows the region sends only that', async () => {
    patchAnswer = () => jsonResponse(200, own({ about: 'Neu.' }));
    open();
    const region = (await screen.findByLabelText('Region', {}, { timeout: 5000 })) as HTMLSelectElement;
    expect(region.selectedOptions[0]?.textContent).toBe('Niemand');
    const about = screen.getByRole('textbox', { name: 'Über mich' });
    await userEvent.clear(about);
    await userEvent.type(about, 'Neu.');
    await userEvent.click(screen.getByRole('button', { name: 'Profil speichern' }));
    expect(await screen.findByText('Dein Profil ist gespeichert.')).toBeInTheDocument();
    const patches = () =>
      fetchMock.mock.calls
        .filter(([url, init]) => url === '/api/profile/me' && init?.method === 'PATCH')
        .map(([, init]) => JSON.parse(String(init?.body)));
    expect(patches()).toEqual([{ motto: '', about: 'Neu.' }]);
    patchAnswer = () =>
      jsonResponse(200, own({ about: 'Neu.', visibility: { ...DEFAULT_VISIBILITY, region: 'partners' } }));
    await userEvent.selectOptions(region, 'Nur Trostpartner');
    await userEvent.click(screen.getByRole('button', { name: 'Profil speichern' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]).toEqual({ motto: '', about: 'Neu.', visibility: { region: 'partners' } });
  });

  it('a motto over 80 characters is shown as a mistake and not sent; the server’s 422 lands on its field', async () => {
    open();
    const motto = await screen.findByLabelText('Dein Motto', {}, { timeout: 5000 });
    await userEvent.type(motto, 'm'.repeat(81));
    await userEvent.click(screen.getByRole('button', { name: 'Profil speichern' }));
    expect(
      await screen.findByText(/höchstens 80 Zeichen/, { selector: 'p[id$="-error"]' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    patchAnswer = () =>
      jsonResponse(422, { message: 'x', code: 'validation_failed', errors: { about: ['Zu viel Text.'] } });
    await userEvent.clear(motto);
    await userEvent.click(screen.getByRole('button', { name: 'Profil speichern' }));
    expect(await screen.findByText('Zu viel Text.')).toBeInTheDocument();
  });
});

describe('own profile: answers can be changed later', () => {
  it('opens a step, sends it to PUT /api/profile/answers/{step}; "about me" is edited with the texts', async () => {
    useUserStore.getState().setUser(buildUser({ nickname: 'Ilka', matching_step: -1 }));
    const questionnaire = {
      version: 3,
      steps: 2,
      matching_step: -1,
      questions: [
        {
          key: 'age_group',
          step: 1,
          kind: 'single',
          required: true,
          title: 'Wie alt bist du?',
          help: null,
          max_length: null,
          role: null,
          options: [
            { key: '26_35', label: '26–35 Jahre' },
            { key: '36_50', label: '36–50 Jahre' },
          ],
        },
        {
          key: 'about',
          step: 2,
          kind: 'text',
          required: true,
          title: 'Stell dich kurz vor',
          help: null,
          max_length: 500,
          role: null,
          options: [],
        },
      ],
      answers: { age_group: ['26_35'], about: 'Ich höre gern zu.' },
    };
    fetchMock = stubApi({
      'GET /api/profile/me': () => jsonResponse(200, own()),
      'GET /api/onboarding/questionnaire': () => jsonResponse(200, questionnaire),
      'PUT /api/profile/answers/1': () => jsonResponse(200, { matching_step: -1, done: true }),
    });
    open();
    await userEvent.click(
      await screen.findByText('Wie alt bist du?', { selector: 'summary' }, { timeout: 5000 }),
    );
    expect(screen.queryByText('Stell dich kurz vor', { selector: 'summary' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '36–50 Jahre' }));
    await userEvent.click(screen.getByRole('button', { name: 'Antworten speichern' }));
    expect(await screen.findByText('Deine Antworten sind gespeichert.')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/profile/answers/1')!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ answers: { age_group: ['36_50'] } });
  });
});
