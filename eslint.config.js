import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['upload', 'transfers', 'share', 'p2p', 'admin', 'pages', 'send'];

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
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // Imports flow one way: routes -> features -> shared (components, lib, config); features
      // do not import each other; the API and the host never import the app.
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
            { target: './supabase', from: ['./src', './sw'], message: 'The API and host never import the app.' },
          ],
        },
      ],
    },
  },
  // The same boundaries for imports through the @/ alias, which the path rules above do not resolve.
  ...features.map((f) => ({
    files: [`src/features/${f}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^@/features/(?!${f}/)`, message: 'Features do not import each other.' },
            { regex: '^@/routes/', message: 'Features do not import routes.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/components/**', 'src/lib/**', 'src/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@/(features|routes)/', message: 'Shared code does not import features or routes.' }] },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },
);
