// How a file name is judged, shown and handed back, in one place: the API applies it to every
// name it stores, puts in a header or a storage key; the page may use the same rules to show a
// name it did not get from the API (a peer-to-peer file).

/** Control characters (C0, DEL, C1) and Unicode's line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Bidirectional formatting characters: they reorder what a person sees, so that
 * `invoice\u202Egpj.exe` shows as "invoiceexe.jpg". ALM, LRM/RLM, LRE/RLE/PDF/LRO/RLO, LRI/RLI/FSI/PDI.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Windows' reserved device names, with or without an extension (CON, NUL.txt, COM1.log...). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** Characters no file system of a recipient accepts in a name (Windows' list covers the others). */
const PATH_UNSAFE = /[/\\:*?"<>|]/g;

/** The longest extension kept whole when a name is shortened. */
const MAX_EXTENSION_LENGTH = 16;

const encoder = new TextEncoder();
export const utf8Length = (value: string) => encoder.encode(value).length;

/** True when the name holds a control character: such a name is refused, never repaired. */
export function hasControlCharacters(name: string): boolean {
  return CONTROL.test(name);
}

/** The name without bidirectional controls: what is stored, displayed and sent in headers. */
export function neutralizeBidi(name: string): string {
  return name.replace(BIDI_CONTROLS, '');
}

/**
 * Shortens a name to at most `maxBytes` of UTF-8, keeping its extension (".pdf") and never
 * splitting a character.
 */
export function truncateKeepingExtension(name: string, maxBytes: number): string {
  if (utf8Length(name) <= maxBytes) return name;
  const ext = new RegExp(`\\.[^.\\s]{1,${MAX_EXTENSION_LENGTH}}$`).exec(name)?.[0] ?? '';
  const budget = Math.max(0, maxBytes - utf8Length(ext));
  let base = '';
  for (const ch of Array.from(name.slice(0, name.length - ext.length))) {
    if (utf8Length(base + ch) > budget) break;
    base += ch;
  }
  return utf8Length(base + ext) <= maxBytes ? base + ext : base;
}

/**
 * The name a downloaded file is saved under on any system: no bidi or control characters, no path
 * separators or characters Windows refuses, no leading dots (hidden, or `..`) nor trailing dots and
 * spaces, no reserved device name, and at most 255 bytes (the usual file-system limit).
 */
export function safeDownloadName(name: string): string {
  let safe = neutralizeBidi(name).replace(CONTROL_ALL, '').replace(PATH_UNSAFE, '_');
  safe = safe.replace(/^[\s.]+|[\s.]+$/g, '');
  if (!safe) safe = 'file';
  if (WINDOWS_RESERVED.test(safe)) safe = `_${safe}`;
  return truncateKeepingExtension(safe, 255);
}
