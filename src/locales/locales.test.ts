// @vitest-environment node
import { describe, expect, it } from 'vitest';
import en from './en.json';
import tr from './tr.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

/** `{{name}}` and `{{name, format}}` alike, as written (spaces folded). */
function placeholders(text: string): string[] {
  return [...text.matchAll(/{{([^}]+)}}/g)].map((match) => (match[1] ?? '').replace(/\s+/g, '')).sort();
}

function leaf(source: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], source);
}

describe('translations', () => {
  it('Turkish has exactly the English keys', () => {
    expect(keys(tr).sort()).toEqual(keys(en).sort());
  });

  it('each Turkish string uses the same placeholders as the English one', () => {
    for (const key of keys(en)) {
      expect(placeholders(String(leaf(tr, key))), key).toEqual(placeholders(String(leaf(en, key))));
    }
  });

  it('no string is left empty', () => {
    for (const key of keys(en)) {
      expect(String(leaf(en, key)).trim(), `en ${key}`).not.toBe('');
      expect(String(leaf(tr, key)).trim(), `tr ${key}`).not.toBe('');
    }
  });
});
