// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { downloadContentType } from './served-type.ts';

describe('downloadContentType', () => {
  it('serves inert types as they are, without parameters a browser could act on', () => {
    for (const type of ['image/png', 'image/jpeg', 'text/plain', 'application/pdf', 'audio/mpeg', 'video/mp4']) {
      expect(downloadContentType(type), type).toBe(type);
    }
    expect(downloadContentType('application/zip')).toBe('application/zip');
    expect(downloadContentType('Text/Plain; charset=UTF-8')).toBe('text/plain');
    expect(downloadContentType('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('serves every type a browser could run or render as a page as plain bytes, known or not', () => {
    for (const type of [
      'text/jscript',
      'text/livescript',
      'text/javascript',
      'application/x-javascript',
      'text/x-ecmascript',
      'module',
      'text/html',
      'application/xhtml+xml',
      'image/svg+xml',
      'text/xml',
      'text/css',
      'text/vtt',
      'application/json',
      'application/wasm',
      'text/plain2',
      'text/plain\r\nX-Evil: 1',
      '',
    ]) {
      expect(downloadContentType(type), type).toBe('application/octet-stream');
    }
  });
});
