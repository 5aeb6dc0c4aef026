import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersFile } from './security-headers.ts';

describe('the pages security headers', () => {
  it('allow scripts from the app only, no framing, and connections to the API, bucket and peer server', () => {
    const csp = contentSecurityPolicy({ connect: ['https://api.example', 'https://acc.r2.cloudflarestorage.com'] });
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(
      "connect-src 'self' https://api.example wss://api.example https://acc.r2.cloudflarestorage.com wss://acc.r2.cloudflarestorage.com;",
    );
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('are written for static hosts as a _headers file for every path', () => {
    const file = headersFile({ connect: [] });
    expect(file.split('\n')[0]).toBe('/*');
    expect(file).toContain('  X-Frame-Options: DENY');
    expect(file).toContain("  Content-Security-Policy: default-src 'self';");
  });
});
