// @vitest-environment node
// Every code the API (or the client) may fail with has a sentence in both languages, so a refusal
// is never shown as an English sentence or a raw key. The codes are read from the contract by the
// TypeScript compiler itself, so a code added to the union is checked without touching this test.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import tr from './tr.json';

const CONTRACT = path.resolve(import.meta.dirname, '../../supabase/functions/_shared/domain/api-errors.ts');

function apiErrorCodes(): string[] {
  const program = ts.createProgram([CONTRACT], { strict: true, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(CONTRACT);
  const alias = source?.statements.find(
    (node): node is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(node) && node.name.text === 'ApiErrorCode',
  );
  if (alias === undefined) throw new Error(`no ApiErrorCode in ${CONTRACT}`);
  const type = checker.getTypeAtLocation(alias);
  const members = type.isUnion() ? type.types : [type];
  return members.map((member) => {
    if (!member.isStringLiteral())
      throw new Error(`ApiErrorCode has a member that is not a string: ${checker.typeToString(member)}`);
    return member.value;
  });
}

describe('error sentences', () => {
  const codes = apiErrorCodes();

  it('reads the codes from the contract', () => {
    expect(codes).toContain('file_too_large');
    expect(codes).toContain('network');
  });

  it.each([
    ['English', en.errors.api],
    ['Turkish', tr.errors.api],
  ])('%s has a sentence for every ApiErrorCode and none for a code that does not exist', (_language, sentences) => {
    const translated = Object.keys(sentences).sort();
    expect(translated).toEqual([...codes].sort());
    for (const code of codes) expect((sentences as Record<string, string>)[code]?.trim()).toBeTruthy();
  });
});
