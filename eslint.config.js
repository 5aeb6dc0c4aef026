import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder of src/features is a feature: read at load time, so a new one is fenced in too.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'data',
      'node_modules',
      'src/routeTree.gen.ts',
      'test-results',
      'playwright-report',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, Deno: 'readonly' } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    // The boundary rule below judges an import by the file it resolves to: TypeScript files, and
    // the @/ and @domain/ aliases of tsconfig.json (without this, no import of a .ts file resolved
    // and the rule passed everything).
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          tsconfig: { configFile: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) },
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // Imports flow one way: routes -> features -> shared (components, lib, config); features
      // do not import each other; the service worker uses shared code only; the API and the host
      // never import the app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'Features do not import each other; move shared code to src/components or src/lib.',
            })),
            { target: './src/features', from: './src/routes', message: 'Features do not import routes.' },
            {
              target: ['./src/components', './src/lib', './src/config'],
              from: ['./src/features', './src/routes'],
              message: 'Shared code does not import features or routes.',
            },
            {
              target: './sw',
              from: ['./src/features', './src/routes'],
              message: 'The service worker uses shared code only (src/lib, src/config).',
            },
            { target: './supabase', from: ['./src', './sw'], message: 'The API and host never import the app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },
);
