import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from './sanitize-file-name.ts';

describe('sanitizeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['çalışma ğüşö İÇĞÖŞÜ.txt', 'calisma_guso_ICGOSU.txt'],
    ['Ünlü dosya — çalışma 📄.txt', 'Unlu_dosya_calisma_.txt'],
    ['café résumé naïve.doc', 'cafe_resume_naive.doc'],
    ['a   b\tc\nd', 'a_b_c_d'],
    ['my file (1).tar.gz', 'my_file_1_.tar.gz'],
    ['__leading and trailing__', 'leading_and_trailing'],
    ['a___b', 'a_b'],
    ['keep-dash_and.dot', 'keep-dash_and.dot'],
    ['a/b\\c:d*e?f"g<h>i|j', 'a_b_c_d_e_f_g_h_i_j'],
    ['', 'file'],
    ['   ', 'file'],
    ['📄📄', 'file'],
    ['.', 'file'],
    ['_._', 'file'],
    ['..', '..'],
    ['日本語.txt', '.txt'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });
});
