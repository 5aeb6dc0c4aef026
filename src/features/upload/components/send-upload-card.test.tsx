// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_RECIPIENTS } from '@domain/constants';
import { DEFAULT_SETTINGS, jsonResponse, stubApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { SendUploadCard } from './send-upload-card';

// The send part of the Home card before any upload; the real send end to end: tests/e2e/send.
// The card starts with the files; the email fields show once the visitor asks to send by email.

beforeEach(() => {
  // The API answers GET settings.
  stubApi(() => jsonResponse(200, DEFAULT_SETTINGS));
});

describe('Home send section', () => {
  it('has the recipient field, the sender the recipients will see, and the default title', async () => {
    const { user } = await renderWithProviders(<SendUploadCard />);
    expect(screen.queryByRole('textbox', { name: 'Recipient email' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send by email' }));
    expect(screen.getByRole('textbox', { name: 'Your name (optional)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Recipient email' })).toBeInTheDocument();
    expect(screen.getByText(`0/${MAX_RECIPIENTS}`)).toBeInTheDocument();
    // Said before anything is mailed: the mail opens the files.
    expect(screen.getByText(/^The email carries the full link, with the key that opens the files/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Shared file');
    const sender = await screen.findByRole('textbox', { name: 'Sender' });
    expect(sender).toHaveValue(DEFAULT_SETTINGS.mailFrom);
    expect(sender).toHaveAttribute('readonly');
  });

  it('Upload and send waits for files, then asks for a recipient; the complaint goes once it is fixed', async () => {
    const { user } = await renderWithProviders(<SendUploadCard />);
    await user.click(screen.getByRole('button', { name: 'Send by email' }));
    expect(screen.getByRole('button', { name: 'Upload and send' })).toBeDisabled();

    await user.upload(screen.getByTestId('upload-files-input'), new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(screen.getByRole('button', { name: 'Upload and send' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Upload and send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please add at least one email address');

    await user.click(screen.getByRole('textbox', { name: 'Recipient email' }));
    await user.paste('ada@example.com');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('on a server without a mail service says email is not available there', async () => {
    stubApi(() => jsonResponse(200, { ...DEFAULT_SETTINGS, mailDelivery: 'outbox' }));
    const { user } = await renderWithProviders(<SendUploadCard />);
    await user.click(screen.getByRole('button', { name: 'Send by email' }));
    expect(await screen.findByText(/Email is not available on this server/)).toBeInTheDocument();
  });
});
