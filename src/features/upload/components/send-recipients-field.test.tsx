// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_RECIPIENTS } from '@domain/constants';
import { renderWithProviders } from '@/test/render';
import { useSendRecipients } from '../hooks/use-send-recipients';
import { SendRecipientsField } from './send-recipients-field';

// The recipient rules (docs/product.md §5) on the field alone: the card around it (tested in
// send-upload-card.test.tsx) would redraw on every address and make this test slow.
function RecipientsField() {
  return <SendRecipientsField state={useSendRecipients()} />;
}

describe('recipient field', () => {
  it('adds recipients with Enter or the button, refuses bad ones, and stops at the limit', async () => {
    const { user } = await renderWithProviders(<RecipientsField />);
    const input = screen.getByRole('textbox', { name: 'Recipient email' });
    expect(screen.getByText(`0/${MAX_RECIPIENTS}`)).toBeInTheDocument();

    // Addresses are pasted: one change each, rather than one per key.
    const enter = async (address: string) => {
      await user.paste(address);
      await user.keyboard('{Enter}');
    };
    await user.click(input);
    await enter('not-an-address');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.clear(input);
    await enter('ada@example.com');
    expect(screen.getByText(`1/${MAX_RECIPIENTS}`)).toBeInTheDocument();
    await user.paste('Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('This address is already in the list')).toBeInTheDocument();
    await user.clear(input);

    for (let i = 2; i <= MAX_RECIPIENTS; i++) await enter(`p${i}@example.com`);
    expect(screen.getByText(new RegExp(`^${MAX_RECIPIENTS}/${MAX_RECIPIENTS}`))).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove p10@example.com' }));
    expect(screen.getByText(`${MAX_RECIPIENTS - 1}/${MAX_RECIPIENTS}`)).toBeInTheDocument();
    expect(input).toBeEnabled();
  });

  it('takes addresses typed or pasted together, each as a recipient, and keeps a bad one to fix', async () => {
    const { user } = await renderWithProviders(<RecipientsField />);
    await user.click(screen.getByRole('textbox', { name: 'Recipient email' }));
    await user.paste('a@x.com, b@y.com;c@z.com\nnot-an-address');
    expect(screen.getByText(`3/${MAX_RECIPIENTS}`)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Recipients' })).toHaveTextContent('a@x.comb@y.comc@z.com');
    expect(screen.getByRole('textbox', { name: 'Recipient email' })).toHaveValue('not-an-address');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });
});
