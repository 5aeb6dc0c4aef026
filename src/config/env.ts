// The public configuration of the page and the service worker, read and checked once. Only values
// that are safe to ship to every browser live here: the API URL and the public anon key.

import { isValidAnonKey, isValidUrl } from '@domain/validation';
import { DEFAULT_PRODUCT_NAME } from './site';

export interface PublicEnv {
  /** Base URL of the backend; the API lives under `${supabaseUrl}/functions/v1/api/`. */
  supabaseUrl: string;
  /** Public anon (or publishable) key sent with every API call. */
  supabaseAnonKey: string;
  productName: string;
  /**
   * The PeerJS signalling server of direct transfers. Default: `${supabaseUrl}/peerjs`, where the
   * one-machine host serves it; VITE_PEERJS_URL for a separate one (Supabase Edge has no WebSockets).
   */
  peerjsUrl: string;
}

/** The raw variables as Vite exposes them (`import.meta.env`). */
export type RawPublicEnv = Readonly<Record<string, string | boolean | undefined>>;

export const INVALID_URL_MESSAGE = 'Invalid Supabase URL format. Please check your .env file.';
export const INVALID_ANON_KEY_MESSAGE = 'Invalid Supabase anon key format. Please check your .env file.';

function text(raw: RawPublicEnv, name: string): string | undefined {
  const value = raw[name];
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

// `self` is the window in the page and the global scope in the service worker; both have a
// location. Node (unit tests) has neither, so there the URL must be given.
function currentOrigin(): string {
  if (typeof self === 'undefined') throw new Error(INVALID_URL_MESSAGE);
  return self.location.origin;
}

function parseUrl(value: string): string {
  if (!isValidUrl(value)) throw new Error(INVALID_URL_MESSAGE);
  // A trailing slash would give '//functions/...' when paths are joined.
  return new URL(value).href.replace(/\/+$/, '');
}

/**
 * Checks the raw variables and fills in defaults. `origin` is where the page (or worker) was
 * loaded from: on a single machine the backend shares that origin.
 * Throws an Error whose message tells the operator what to fix.
 */
export function parsePublicEnv(raw: RawPublicEnv, origin?: string): PublicEnv {
  const supabaseUrl = parseUrl(text(raw, 'VITE_SUPABASE_URL') ?? origin ?? currentOrigin());
  const supabaseAnonKey = text(raw, 'VITE_SUPABASE_ANON_KEY');
  if (supabaseAnonKey === undefined || !isValidAnonKey(supabaseAnonKey)) {
    throw new Error(INVALID_ANON_KEY_MESSAGE);
  }
  const peerjs = text(raw, 'VITE_PEERJS_URL');
  return {
    supabaseUrl,
    supabaseAnonKey,
    productName: text(raw, 'VITE_PRODUCT_NAME') ?? DEFAULT_PRODUCT_NAME,
    peerjsUrl: peerjs === undefined ? `${supabaseUrl}/peerjs` : parseUrl(peerjs),
  };
}

export const env: PublicEnv = parsePublicEnv(import.meta.env);
