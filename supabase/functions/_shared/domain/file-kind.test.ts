import { describe, expect, it } from 'vitest';
import { fileKind, type FileKind } from './file-kind.ts';

describe('fileKind', () => {
  it.each<[string | null, FileKind]>([
    ['image/png', 'image'],
    ['IMAGE/JPEG', 'image'],
    ['video/mp4', 'video'],
    ['audio/mpeg', 'audio'],
    ['application/pdf', 'document'],
    ['text/plain', 'document'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'],
    ['application/zip', 'archive'],
    ['application/x-zip-compressed', 'archive'],
    ['application/x-7z-compressed', 'archive'],
    ['application/x-archive', 'archive'],
    ['application/octet-stream', 'file'],
    ['', 'file'],
    [null, 'file'],
  ])('%j → %s', (mime, expected) => {
    expect(fileKind(mime)).toBe(expected);
  });
});
