// Rules for free text people type (report text, page Markdown, search boxes): control characters
// carry no meaning there and can break logs and displays; tabs and line breaks are kept where
// the text has lines.

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** Multi-line text with CRLF and CR as LF; true when a control character other than tab and LF remains. */
export function normalizeLines(text: string): { text: string; hasControl: boolean } {
  const normal = text.replace(/\r\n?/g, '\n');
  return { text: normal, hasControl: new RegExp(CONTROL_BUT_LINES.source).test(normal) };
}

/** Multi-line text with every control character other than tab and LF removed. */
export function withoutControlCharacters(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_LINES, '');
}
