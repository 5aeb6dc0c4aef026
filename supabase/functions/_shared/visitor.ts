// Privacy: we keep a salted hash of the caller's address, never the address itself (DESIGN §3).
export async function visitorHash(salt: string, address: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${address}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
