import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/query/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@patlas/*'], message: 'packages/query depends on nothing.' }] },
      ],
    },
  },
  {
    files: ['packages/engine/**', 'packages/contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@patlas/server*', '@patlas/web*'], message: 'Libraries know nothing of the apps.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@patlas/engine', '@patlas/server*'],
              message: 'The web app talks to the server over HTTP; use src/api/client.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Only apps/server/src/config.ts reads process.env.' },
      ],
    },
  },
);
