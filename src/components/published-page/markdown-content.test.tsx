// @vitest-environment happy-dom
// Admin-written Markdown becomes a public page: nothing in it may run a script or load anything.
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { MarkdownContent, safeUrl } from './markdown-content';

function html(content: string): HTMLElement {
  const { container } = render(
    <MantineProvider env="test">
      <MarkdownContent content={content} />
    </MantineProvider>,
  );
  return container;
}

describe('MarkdownContent', () => {
  it('renders headings one level below the page title, lists, emphasis and links', () => {
    const container = html(
      '# Who we are\n\nWe **share** files.\n\n- one\n- two\n\n[Mail us](mailto:hi@ulak.app) or [read](https://ulak.app/terms)',
    );
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('h2')?.textContent).toBe('Who we are');
    expect(container.querySelector('strong')?.textContent).toBe('share');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['mailto:hi@ulak.app', 'https://ulak.app/terms']);
    expect(links[1]?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('drops raw HTML, scripts, event handlers, images and unsafe link protocols', () => {
    const container = html(
      [
        '<script>window.hacked = true</script>',
        '<img src=x onerror="window.hacked = true">',
        '<iframe src="https://evil.example"></iframe>',
        '[click](javascript:alert(1)) [data](data:text/html,<script>alert(1)</script>) [vb](vbscript:x)',
        '![tracker](https://evil.example/pixel.png)',
        '<a href="https://evil.example" onclick="x()">raw link</a>',
      ].join('\n\n'),
    );
    expect(container.querySelector('script, img, iframe, [onerror], [onclick]')).toBeNull();
    for (const a of container.querySelectorAll('a')) {
      expect(a.getAttribute('href') ?? '').toMatch(/^(https?:|mailto:|\/|#|$)/);
    }
    expect(container.innerHTML).not.toContain('javascript:');
    expect(container.innerHTML).not.toContain('evil.example');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('keeps links to this site and its anchors, and nothing protocol-relative', () => {
    expect(safeUrl('/about')).toBe('/about');
    expect(safeUrl('#faq')).toBe('#faq');
    expect(safeUrl('//evil.example/x')).toBe('');
    expect(safeUrl(' JAVASCRIPT:alert(1)')).toBe('');
    expect(safeUrl('HTTPS://ulak.app')).toBe('HTTPS://ulak.app');
  });
});
