import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen, stubApi } from '../../../test/render.tsx';
import { ContentNotesSection } from './content-notes-section.tsx';

let fetchMock: ReturnType<typeof stubApi>;
beforeEach(() => {
  fetchMock = stubApi({
    'GET /api/user/content-notes': () => jsonResponse(200, { collapsed: ['suicide', 'self_harm'] }),
    'PUT /api/user/content-notes': () => jsonResponse(200, { collapsed: ['self_harm', 'child_death'] }),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('content notes rule: the reader chooses which notes collapse a post', () => {
  it('shows the stored choice (default suicide and self-harm) and saves the new one', async () => {
    renderScreen(ContentNotesSection, { path: '/settings' });
    const suicide = await screen.findByRole('checkbox', { name: 'Suizid' });
    expect(suicide).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Selbstverletzung' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tod eines Kindes' })).not.toBeChecked();

    await userEvent.click(suicide);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tod eines Kindes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Hinweise speichern' }));
    expect(await screen.findByText(/Gespeichert/)).toBeInTheDocument();
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      // In the list's order, whatever order they were ticked in.
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ collapsed: ['child_death', 'self_harm'] });
    });
  });
});
