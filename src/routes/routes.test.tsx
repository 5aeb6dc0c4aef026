// @vitest-environment happy-dom
// Transfers reads this device's upload queue from IndexedDB, as in a browser.
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, jsonResponse, stubApi } from '@/test/api';
import { renderRoute } from '@/test/render';

// docs/product.md §2: every public route renders a screen with one <h1> inside the header and footer.
const PUBLIC_SCREENS: [path: string, heading: string][] = [
  ['/', 'Share files with a single link'],
  ['/upload', 'Transfers'],
  ['/how-it-works', 'How it works'],
  ['/about', 'About Ulak'],
  ['/privacy', 'Privacy policy'],
  ['/terms', 'Terms of service'],
  ['/cookies', 'Cookie policy'],
  // Malformed ids: no server call. The download page's other states: features/share tests.
  ['/s/!!bad!!', 'Invalid link'],
  ['/share/ab', 'Invalid link'],
];

beforeEach(() => {
  // Home asks for the server's settings; no other call is made on these screens.
  stubApi(({ url }) =>
    url.endsWith('/settings')
      ? jsonResponse(200, DEFAULT_SETTINGS)
      : jsonResponse(404, { error: 'No such API endpoint.', code: 'no_such_endpoint' }),
  );
});

describe('routes', () => {
  it.each(PUBLIC_SCREENS)('%s shows "%s" between the header and the footer', async (path, heading) => {
    await renderRoute(path);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
  });

  it('an unknown path shows the not-found screen with a way home', async () => {
    await renderRoute('/no-such-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it("the footer links the quick links, the legal pages and the operator's contact address", async () => {
    stubApi(({ url }) =>
      url.endsWith('/settings')
        ? jsonResponse(200, {
            ...DEFAULT_SETTINGS,
            contactEmail: 'ops@kargo.test',
            socialLinks: ['https://x.com/kargo'],
          })
        : jsonResponse(404, { error: 'No such API endpoint.', code: 'no_such_endpoint' }),
    );
    await renderRoute('/');
    const footer = screen.getByRole('contentinfo');
    // The header's pages under the header's names, then the legal pages.
    const names = ['Home', 'Transfers', 'Direct transfer', 'How it works', 'About'];
    for (const name of [...names, 'Privacy policy', 'Terms of service', 'Cookie policy']) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href');
    }
    expect(await screen.findByRole('link', { name: 'ops@kargo.test' })).toHaveAttribute(
      'href',
      'mailto:ops@kargo.test',
    );
    expect(screen.getByRole('link', { name: 'Ulak on X' })).toHaveAttribute('href', 'https://x.com/kargo');
  });
});
