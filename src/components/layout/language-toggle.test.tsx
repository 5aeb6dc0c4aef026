// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { renderRoute } from '@/test/render';

describe('language toggle', () => {
  it('translates the page to Turkish, remembers the choice and sets <html lang>', async () => {
    const { user } = await renderRoute('/how-it-works');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'How it works' })).toBeInTheDocument();

    await user.click(screen.getAllByText('TR')[0]!);

    const turkishNav = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(within(turkishNav).getByRole('link', { name: 'Nasıl çalışır' })).toBeInTheDocument();
    expect(within(turkishNav).getByRole('link', { name: 'Hakkında' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Nasıl çalışır' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('tr');
    expect(document.documentElement.lang).toBe('tr');

    await user.click(screen.getAllByText('EN')[0]!);
    expect(screen.getByRole('heading', { level: 1, name: 'How it works' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('starts in the language stored by an earlier visit', async () => {
    await renderRoute('/about', { language: 'tr' });
    expect(screen.getByRole('heading', { level: 1, name: 'Ulak hakkında' })).toBeInTheDocument();
  });
});
