import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderScreen, stubApi } from '../../../test/render.tsx';
import { ConfirmScreen } from './confirm-screen.tsx';
import { WithdrawScreen } from './withdraw-screen.tsx';

const token = `dc_${'x'.repeat(43)}`;

describe('a declaration sent without the contract’s session waits for the mailed link', () => {
  it('the withdrawal form says to confirm it with the link in the mail when the server asks for it', async () => {
    stubApi({
      'POST /api/payments/withdrawal': () =>
        jsonResponse(202, {
          received_at: '2026-12-02T12:00:00.000Z',
          message: 'x',
          needs_confirmation: true,
        }),
    });
    renderScreen(WithdrawScreen, { path: '/contracts/withdraw' });
    await userEvent.type(await screen.findByLabelText(/Name/, {}, { timeout: 5000 }), 'Erika');
    await userEvent.type(screen.getByLabelText(/E-Mail/), 'erika@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Bestätigung' }));
    await userEvent.click(await screen.findByRole('button', { name: /Widerruf/ }));
    expect(await screen.findByTestId('confirm-by-mail')).toHaveTextContent(
      'Bitte bestätige sie mit dem Link in der E-Mail an erika@example.org: Erst dann wird sie wirksam.',
    );
  });

  it('the mailed link confirms only with the click, not by opening the page', async () => {
    const fetchMock = stubApi({
      'POST /api/payments/declarations/confirm': () =>
        jsonResponse(200, {
          kind: 'withdrawal',
          message: 'Danke, deine Erklärung ist bestätigt und wirksam.',
        }),
    });
    renderScreen(ConfirmScreen, { path: '/contracts/confirm/:token', url: `/contracts/confirm/${token}` });
    const button = await screen.findByRole('button', { name: 'Jetzt bestätigen' }, { timeout: 5000 });
    expect(fetchMock.mock.calls).toHaveLength(0);
    expect(screen.getByText(/Warst du das nicht\?/)).toBeInTheDocument();
    await userEvent.click(button);
    expect(await screen.findByText('Danke, deine Erklärung ist bestätigt.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/payments/declarations/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({ token });
  });

  it('an expired link says so and changes nothing', async () => {
    stubApi({
      'POST /api/payments/declarations/confirm': () =>
        jsonResponse(410, { code: 'link_expired', message: 'Dieser Link ist abgelaufen.' }),
    });
    renderScreen(ConfirmScreen, { path: '/contracts/confirm/:token', url: `/contracts/confirm/${token}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Jetzt bestätigen' }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/abgelaufen/);
  });
});
