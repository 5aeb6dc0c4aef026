// @vitest-environment node
// The API's contract and units have one home, @domain: every handler answers a type declared
// there (so a screen reading an answer and the handler writing it cannot drift apart), the admin
// screens declare no answer or query of their own, and a unit such as a day in milliseconds or a
// GiB is defined once. These are rules about the source, so this reads the source.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const domainDir = path.join(root, 'supabase/functions/_shared/domain');
const handlersDir = path.join(root, 'supabase/functions/_shared/handlers');
const UNITS_FILE = 'supabase/functions/_shared/domain/constants.ts';

/** Source files under `dir` (relative to the repository), tests included unless `withTests` is false. */
function sources(dir: string, withTests = true): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx|mjs)$/.test(name) && !name.split(path.sep).includes('node_modules'))
    .filter((name) => withTests || !/\.(test|spec)\./.test(name))
    .map((name) => path.join(dir, name));
}

/** `file:line: text` of every line of `files` that matches `pattern`. */
function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/** Every name the domain modules export. */
function domainExports(): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(domainDir).filter((name) => name.endsWith('.ts') && !name.includes('.test.'))) {
    const text = readFileSync(path.join(domainDir, file), 'utf8');
    for (const m of text.matchAll(/export (?:interface|type|const|function|class) (\w+)/g)) names.add(m[1] ?? '');
    for (const m of text.matchAll(/export \{([^}]*)\}/g)) {
      for (const part of (m[1] ?? '').split(',')) names.add(part.replace(/^\s*type\s+/, '').trim());
    }
  }
  return names;
}

describe('the contract in @domain', () => {
  it('has every handler answer JSON of a type that @domain declares', () => {
    const declared = domainExports();
    const handlers = sources(path.relative(root, handlersDir), false);
    const calls = handlers.flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/(?<![.\w])json(?:<(\w+)[^(]*)?\(/g)].map((m) => ({
        file,
        type: m[1],
      })),
    );
    expect(calls.length).toBeGreaterThan(30);
    const untyped = calls.filter((c) => c.type === undefined).map((c) => c.file);
    expect(untyped, 'json(...) without the answer type').toEqual([]);
    const undeclared = calls.filter((c) => c.type !== undefined && !declared.has(c.type));
    expect(undeclared, 'answer types that @domain does not export').toEqual([]);
  });

  it('leaves the admin screens no answer or query shape of their own', () => {
    const client = [...sources('src/features/admin/api', false), 'src/features/admin/keys.ts'];
    expect(linesMatching(client, /^\s*(export )?(interface \w+|type \w+\s*=)/)).toEqual([]);
  });
});

describe('units', () => {
  // A constant named after a unit alone (DAY_MS, HOUR, MiB, GB, ...): the value is the unit itself.
  const UNIT_DEFINITION = /\bconst ((SECOND|SEC|MIN|MINUTE|HOUR|DAY|WEEK)(_MS)?|[KMGT]IB|[KMGT]iB|GB)\s*=/;

  it('are each defined once, in @domain/constants', () => {
    const files = ['src', 'sw', 'supabase', 'bench', 'scripts', 'tests'].flatMap((dir) => sources(dir));
    const elsewhere = linesMatching(files, UNIT_DEFINITION).filter((line) => !line.startsWith(`${UNITS_FILE}:`));
    expect(elsewhere).toEqual([]);
    for (const unit of ['MINUTE_MS', 'HOUR_MS', 'DAY_MS', 'KIB', 'MIB', 'GIB']) {
      expect(linesMatching([UNITS_FILE], new RegExp(`^export const ${unit} = `)), unit).toHaveLength(1);
    }
  });
});
