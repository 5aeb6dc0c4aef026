import { describe, expect, it } from 'vitest';
import { clientAddress } from './http.ts';
import { visitorKey } from './visitor.ts';

const req = (forwarded: string) => new Request('http://x/', { headers: { 'x-forwarded-for': forwarded } });

describe('who the visitor is', () => {
  it('takes the rightmost X-Forwarded-For entry our own proxies did not add', () => {
    expect(clientAddress(req('6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddress(req('6.6.6.6, 203.0.113.9, 10.0.0.2'), 1)).toBe('203.0.113.9');
    // More trusted hops than entries: the leftmost is all there is.
    expect(clientAddress(req('203.0.113.9'), 3)).toBe('203.0.113.9');
    expect(clientAddress(new Request('http://x/'))).toBe('unknown');
  });

  it('counts an IPv6 visitor by its /64 and an IPv4 one by its address', () => {
    expect(visitorKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(visitorKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(visitorKey('::1')).toBe('0:0:0:0::/64');
    expect(visitorKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(visitorKey('203.0.113.9')).toBe('203.0.113.9');
  });
});
