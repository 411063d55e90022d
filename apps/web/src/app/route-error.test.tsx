import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { RouteError } from './route-error.tsx';

describe('the error screen', () => {
  it('crisis help one tap away on the error screen, which has no header', async () => {
    renderScreen(RouteError);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Hilfe in der Krise/ })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
  });
});
