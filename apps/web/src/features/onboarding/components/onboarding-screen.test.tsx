import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuestionnaireResponse } from '@trostnetz/contracts/questionnaire';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, renderScreen } from '../../../test/render.tsx';
import { OnboardingScreen } from './onboarding-screen.tsx';

const questionnaire = (overrides: Partial<QuestionnaireResponse> = {}): QuestionnaireResponse => ({
  version: 1,
  steps: 3,
  matching_step: 1,
  answers: {},
  questions: [
    {
      key: 'role',
      step: 1,
      kind: 'single',
      required: true,
      title: 'Wie möchtest du hier dabei sein?',
      help: null,
      max_length: null,
      role: null,
      options: [
        { key: 'seeker', label: 'Ich suche Unterstützung' },
        { key: 'supporter', label: 'Ich möchte andere unterstützen' },
      ],
    },
    {
      key: 'loss_kind',
      step: 2,
      kind: 'multi',
      required: true,
      title: 'Was hast du erlebt?',
      help: 'Wähle alles, was passt.',
      max_length: null,
      role: null,
      options: [
        { key: 'parent', label: 'Tod eines Elternteils' },
        { key: 'pet', label: 'Tod eines Haustiers' },
      ],
    },
    {
      key: 'region',
      step: 2,
      kind: 'single',
      required: false,
      title: 'Wo lebst du?',
      help: null,
      max_length: null,
      role: null,
      options: [
        { key: 'at', label: 'Österreich' },
        { key: 'ch', label: 'Schweiz' },
      ],
    },
    {
      key: 'about',
      step: 3,
      kind: 'text',
      required: true,
      title: 'Stell dich kurz vor',
      help: null,
      max_length: 20,
      role: null,
      options: [],
    },
  ],
  ...overrides,
});

const fetchMock = vi.fn();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  useUserStore.getState().setUser(buildUser({ matching_step: 1 }));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
});

/** Answers GET questionnaire with `data` and each POST with the next queued answer. */
function serve(data: QuestionnaireResponse, posts: Array<[number, unknown]>) {
  fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
    if (url === '/api/onboarding/questionnaire') return jsonResponse(200, data);
    if (init.method === 'POST') {
      const [status, body] = posts.shift() ?? [500, {}];
      return jsonResponse(status, body);
    }
    return jsonResponse(404, {});
  });
}
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit).method === 'POST')
    .map(([url, init]) => [url, JSON.parse((init as RequestInit).body as string)]);

describe('onboarding questionnaire (SPEC.md §1, DESIGN.md §7)', () => {
  it('renders the step from the data: progress, radio group, required marked', async () => {
    serve(questionnaire(), []);
    renderScreen(OnboardingScreen, { path: '/onboarding' });
    expect(await screen.findByRole('heading', { name: 'Schritt 1 von 3' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: /Wie möchtest du hier dabei sein\? \(notwendig\)/ });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Zurück' })).not.toBeInTheDocument();
  });

  it('SPEC.md §5: a required question left empty shows the German message and sends nothing', async () => {
    serve(questionnaire(), []);
    renderScreen(OnboardingScreen, { path: '/onboarding' });
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Diese Angabe ist notwendig.')).toBeInTheDocument();
    expect(posted()).toEqual([]);
  });

  it('resumes at matching_step with the saved answers filled in, and sends each step', async () => {
    serve(questionnaire({ matching_step: 2, answers: { role: ['seeker'], loss_kind: ['pet'] } }), [
      [200, { matching_step: 3, done: false }],
    ]);
    renderScreen(OnboardingScreen, { path: '/onboarding' });
    expect(await screen.findByRole('heading', { name: 'Schritt 2 von 3' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Tod eines Haustiers' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tod eines Elternteils' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Schweiz' }));
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('heading', { name: 'Schritt 3 von 3' })).toBeInTheDocument();
    expect(posted()).toEqual([
      ['/api/onboarding/steps/2', { answers: { loss_kind: ['pet'], region: ['ch'] } }],
    ]);
    expect(useUserStore.getState().user?.matching_step).toBe(3);
    // Back to the previous step keeps what was answered.
    await userEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(await screen.findByRole('radio', { name: 'Schweiz' })).toBeChecked();
  });

  it("shows the server's 422 on its question", async () => {
    serve(questionnaire({ matching_step: 3, answers: { role: ['seeker'] } }), [
      [
        422,
        { message: 'x', errors: { 'answers.about': ['Diese Angabe darf höchstens 20 Zeichen lang sein.'] } },
      ],
    ]);
    renderScreen(OnboardingScreen, { path: '/onboarding' });
    const text = await screen.findByRole('textbox', { name: /Stell dich kurz vor/ });
    await userEvent.type(text, 'Hallo zusammen');
    expect(screen.getByText('14 / 20 Zeichen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fertig – Vorschläge ansehen' }));
    expect(await screen.findByText('Diese Angabe darf höchstens 20 Zeichen lang sein.')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
  });

  it('the last step completes onboarding (matching_step -1) and goes to the dashboard', async () => {
    serve(questionnaire({ matching_step: 3, answers: { role: ['seeker'] } }), [
      [200, { matching_step: -1, done: true }],
    ]);
    const { router } = renderScreen(OnboardingScreen, { path: '/onboarding' });
    await userEvent.type(await screen.findByRole('textbox'), 'Hallo');
    await userEvent.click(screen.getByRole('button', { name: 'Fertig – Vorschläge ansehen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(useUserStore.getState().user?.matching_step).toBe(-1);
  });

  it.each([
    ['%2Ffriend-request%2F12', '/friend-request/12'],
    ['%2F%2Fevil.example', '/dashboard'],
  ])('issue 9 item 16: the last step leads to where the member was going (next=%s → %s)', async (next, lands) => {
    serve(questionnaire({ matching_step: 3, answers: { role: ['seeker'] } }), [
      [200, { matching_step: -1, done: true }],
    ]);
    const { router } = renderScreen(OnboardingScreen, {
      path: '/onboarding',
      url: `/onboarding?next=${next}`,
    });
    await userEvent.type(await screen.findByRole('textbox'), 'Hallo');
    await userEvent.click(screen.getByRole('button', { name: 'Fertig – Vorschläge ansehen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(lands));
  });

  it('English texts come from the data; the frame is English too', async () => {
    await i18n.changeLanguage('en');
    serve(questionnaire(), []);
    renderScreen(OnboardingScreen, { path: '/onboarding' });
    expect(await screen.findByRole('heading', { name: 'Step 1 of 3' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
  });
});
