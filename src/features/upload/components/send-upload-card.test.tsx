// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_RECIPIENTS } from '@domain/constants';
import { renderWithProviders } from '@/test/render';
import { SendUploadCard } from './send-upload-card';

// The send part of the Home card before any request; the real send end to end: tests/e2e/send.

describe('Home send section', () => {
  it('adds recipients with Enter or the button, refuses bad ones, and stops at the limit', async () => {
    const { user } = await renderWithProviders(<SendUploadCard />);
    const input = screen.getByRole('textbox', { name: 'Recipient email' });
    expect(screen.getByText(`0/${MAX_RECIPIENTS}`)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Shared file');
    expect(screen.getByRole('textbox', { name: 'Sender' })).toHaveAttribute('readonly');

    await user.type(input, 'not-an-address{Enter}');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'ada@example.com{Enter}');
    expect(screen.getByText(`1/${MAX_RECIPIENTS}`)).toBeInTheDocument();
    await user.type(input, 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('This address is already in the list')).toBeInTheDocument();
    await user.clear(input);

    for (let i = 2; i <= MAX_RECIPIENTS; i++) await user.type(input, `p${i}@example.com{Enter}`);
    expect(screen.getByText(new RegExp(`^${MAX_RECIPIENTS}/${MAX_RECIPIENTS}`))).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('Upload and send needs files first, then a recipient', async () => {
    const { user } = await renderWithProviders(<SendUploadCard />);
    await user.click(screen.getByRole('button', { name: 'Upload and send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select files first');

    await user.upload(screen.getByTestId('upload-files-input'), new File(['x'], 'a.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Upload and send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please add at least one email address');
  });
});
