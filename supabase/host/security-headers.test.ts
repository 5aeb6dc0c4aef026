import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersFile, hostHeaders, pageHeaders } from './security-headers.ts';

describe('the pages security headers', () => {
  it('allow scripts from the app only, no framing, and connections to the API, bucket and peer server', () => {
    const csp = contentSecurityPolicy({ connect: ['https://api.example', 'https://acc.r2.cloudflarestorage.com'] });
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(
      "connect-src 'self' https://api.example wss://api.example https://acc.r2.cloudflarestorage.com wss://acc.r2.cloudflarestorage.com;",
    );
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    // A video preview plays the bucket's presigned URL.
    expect(csp).toContain("media-src 'self' https://api.example https://acc.r2.cloudflarestorage.com;");
  });

  it('leave the web app manifest to default-src, a directive every engine knows', () => {
    const csp = contentSecurityPolicy({ connect: [] });
    // WebKit reports "Unrecognized Content-Security-Policy directive 'manifest-src'" on every page.
    expect(csp).not.toContain('manifest-src');
    expect(csp).toMatch(/^default-src 'self';/);
  });

  it('are written for static hosts as a _headers file for every path', () => {
    const file = headersFile({ connect: [] });
    expect(file.split('\n')[0]).toBe('/*');
    expect(file).toContain('  X-Frame-Options: DENY');
    expect(file).toContain("  Content-Security-Policy: default-src 'self';");
  });

  it('deny the browser features the app does not use, and keep copy, share and fullscreen', () => {
    const policy = pageHeaders({ connect: [] })['Permissions-Policy'] ?? '';
    for (const denied of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
      expect(policy).toContain(`${denied}=()`);
    }
    for (const kept of ['clipboard-write', 'clipboard-read', 'fullscreen']) expect(policy).toContain(`${kept}=(self)`);
    // The share sheet keeps its default (this origin): Chromium on Linux does not know the name.
    expect(policy).not.toContain('web-share');
    expect(headersFile({ connect: [] })).toContain(`  Permissions-Policy: ${policy}\n`);
  });

  it('ask for https only when the public origin is https', () => {
    expect(hostHeaders('https://files.example')['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(hostHeaders('http://localhost:8080')).not.toHaveProperty('Strict-Transport-Security');
    expect(hostHeaders('http://localhost:8080')['Permissions-Policy']).toBe(
      pageHeaders({ connect: [] })['Permissions-Policy'],
    );
  });
});
