// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { baseName, safeRelativePath } from './file-names';

describe('received file names', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['Fotoğraflar/Ağustos 2024/çay.jpg', 'Fotoğraflar/Ağustos 2024/çay.jpg'],
    ['../../.ssh/authorized_keys', '.ssh/authorized_keys'],
    ['/etc/passwd', 'etc/passwd'],
    ['a\\..\\b', 'a_.._b'],
    ['con:name<>|?*.txt', 'con_name_____.txt'],
    ['tab\tnew\nline', 'tab_new_line'],
  ])('%j becomes %j', (input, output) => {
    expect(safeRelativePath(input)).toBe(output);
  });

  it.each(['', '/', '..', './..', ' / '])('%j has no name left', (input) => {
    expect(safeRelativePath(input)).toBeNull();
  });

  it('a saved file is named after the last part', () => {
    expect(baseName('a/b/c.txt')).toBe('c.txt');
    expect(baseName('c.txt')).toBe('c.txt');
  });
});
