// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_RECIPIENTS } from '@domain/constants';
import { DEFAULT_SETTINGS, jsonResponse, stubApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { SendUploadCard } from './send-upload-card';

// The send part of the Home card before any upload; the real send end to end: tests/e2e/send.

beforeEach(() => {
  // The API answers GET settings.
  stubApi(() => jsonResponse(200, DEFAULT_SETTINGS));
});

describe('Home send section', () => {
  it('adds recipients with Enter or the button, refuses bad ones, and stops at the limit', async () => {
    const { user } = await renderWithProviders(<SendUploadCard />);
    const input = screen.getByRole('textbox', { name: 'Recipient email' });
    expect(screen.getByText(`0/${MAX_RECIPIENTS}`)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Shared file');
    // The sender is the From the recipients will see.
    const sender = await screen.findByRole('textbox', { name: 'Sender' });
    expect(sender).toHaveValue('Ulak <no-reply@files.example>');
    expect(sender).toHaveAttribute('readonly');

    // Addresses are pasted (one change each, not one per key: the card redraws on every change).
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
  });

  it('Upload and send needs files first, then a recipient; each complaint goes once it is fixed', async () => {
    const { user } = await renderWithProviders(<SendUploadCard />);
    await user.click(screen.getByRole('button', { name: 'Upload and send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select files first');

    await user.upload(screen.getByTestId('upload-files-input'), new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload and send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please add at least one email address');

    await user.click(screen.getByRole('textbox', { name: 'Recipient email' }));
    await user.paste('ada@example.com');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
