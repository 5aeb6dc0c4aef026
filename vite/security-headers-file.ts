import type { Plugin } from 'vite';
import { headersFile, originOf } from '../supabase/host/security-headers.ts';

/**
 * dist/_headers: the pages' security headers (CSP with frame-ancestors 'none', X-Frame-Options...)
 * for static hosts that read this file (Cloudflare Pages, Netlify). The page may connect to the API
 * (VITE_SUPABASE_URL), the bucket (S3_PUBLIC_ENDPOINT, S3_ENDPOINT or R2_ACCOUNT_ID), the PeerJS
 * server of direct transfers (VITE_PEERJS_URL) and any origin listed in CSP_CONNECT_SRC, each also
 * as ws(s).
 */
export function securityHeadersFile(): Plugin {
  return {
    name: 'ulak-security-headers',
    apply: 'build',
    generateBundle() {
      const env = process.env;
      const r2 = env.R2_ACCOUNT_ID ? `https://${env.R2_ACCOUNT_ID}.r2.cloudflarestorage.com` : undefined;
      const connect = [
        originOf(env.VITE_SUPABASE_URL),
        originOf(env.S3_PUBLIC_ENDPOINT || env.S3_ENDPOINT || r2),
        originOf(env.VITE_PEERJS_URL),
        ...(env.CSP_CONNECT_SRC ?? '').split(/\s+/).map((o) => originOf(o)),
      ].filter((o): o is string => o !== null);
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile({ connect }) });
    },
  };
}
