// @vitest-environment node
// The import rules of eslint.config.js, as `npm run lint` applies them: every folder of
// src/features is fenced in (the list is read from the folders), and shared code stays shared.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The rules that fired on `code` as if it were the file at `file` (which need not exist). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter(
      (message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'import-x/no-restricted-paths',
    )
    .map((message) => message.message);
}

const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A module of the feature, as an import path without its extension ('components/x'). */
function moduleOf(feature: string): string {
  const file = readdirSync(path.join(root, 'src/features', feature), { recursive: true, encoding: 'utf8' }).find(
    (name) => /\.tsx?$/.test(name) && !name.includes('.test.'),
  );
  if (file === undefined) throw new Error(`src/features/${feature} has no module`);
  return file.replace(/\.tsx?$/, '');
}

// Each case is a real ESLint run with type information: the first one builds the TypeScript
// program, which takes seconds on a busy machine. Not a UI test, so not held to 5 s.
describe('import boundaries', { timeout: 60_000 }, () => {
  // The folders are read here as the config reads them, so a feature added later is checked too.
  it.each(features)('the %s feature may not import another feature, by alias or by path', async (feature) => {
    const other = features.find((each) => each !== feature) ?? '';
    const target = moduleOf(other);
    const byAlias = await boundaryErrors(
      `src/features/${feature}/components/probe.ts`,
      `import * as other from '@/features/${other}/${target}';\nexport const probe = other;\n`,
    );
    expect(byAlias).toEqual([expect.stringMatching(/Features do not import each other/)]);
    const byPath = await boundaryErrors(
      `src/features/${feature}/components/probe.ts`,
      `import * as other from '../../${other}/${target}';\nexport const probe = other;\n`,
    );
    expect(byPath).toEqual([expect.stringMatching(/Features do not import each other/)]);
  });

  it('lets a feature import its own code and shared code', async () => {
    const errors = await boundaryErrors(
      'src/features/upload/components/probe.ts',
      `import { apiClient } from '@/lib/api/app-client';\nimport { FileTypeIcon } from '@/components/file-type-icon';\nimport { useSendForm } from '../hooks/use-send-form';\nexport const probe = [apiClient, FileTypeIcon, useSendForm];\n`,
    );
    expect(errors).toEqual([]);
  });

  it('keeps the service worker and shared code away from features and routes', async () => {
    const fromWorker = await boundaryErrors(
      'sw/probe.ts',
      `import * as share from '@/features/share/keys';\nexport const probe = share;\n`,
    );
    expect(fromWorker).toEqual([expect.stringMatching(/service worker uses shared code only/)]);
    const fromLib = await boundaryErrors(
      'src/lib/probe.ts',
      `import * as share from '@/features/share/keys';\nexport const probe = share;\n`,
    );
    expect(fromLib).toEqual([expect.stringMatching(/Shared code does not import features or routes/)]);
  });
});
