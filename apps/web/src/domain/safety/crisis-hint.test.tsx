import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { CrisisHint } from './crisis-hint.tsx';

function Editor() {
  const [text, setText] = useState('');
  return (
    <I18nextProvider i18n={i18n}>
      <label htmlFor="t">Text</label>
      <textarea id="t" value={text} onChange={(e) => setText(e.target.value)} />
      <CrisisHint text={text} />
    </I18nextProvider>
  );
}

describe('crisis hint rule: appears beside the editor while the text speaks of acute crisis', () => {
  it('appears with the crisis lines, and goes again when the words are gone', async () => {
    render(<Editor />);
    const field = screen.getByLabelText('Text');
    await userEvent.type(field, 'Heute ist ein schwerer Tag.');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();

    await userEvent.type(field, ' Ich will nicht mehr leben');
    const hint = await screen.findByRole('complementary', { name: 'Du musst das nicht allein tragen' });
    expect(hint).toHaveTextContent('0800 111 0 111');
    expect(hint).toHaveTextContent('116 123');
    expect(screen.getByRole('link', { name: /Notruf 112/ })).toHaveAttribute('href', 'tel:112');
    expect(hint.parentElement).toHaveAttribute('aria-live', 'polite');

    await userEvent.clear(field);
    await userEvent.type(field, 'Danke euch allen.');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    // Nothing was blocked: the text is still there to send.
    expect(field).toHaveValue('Danke euch allen.');
  });
});
