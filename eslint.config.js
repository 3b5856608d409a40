import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = foldersOf('./apps/web/src/features/');
const serverDomains = foldersOf('./apps/server/src/domains/');

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
    // Import cycles make load order fragile and features inseparable; none is allowed anywhere.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // A web feature is independent: what two features share lives outside features/ (app/, components/, charts/…).
    files: ['apps/web/src/features/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((feature) => ({
            target: `./apps/web/src/features/${feature}`,
            from: './apps/web/src/features',
            except: [`./${feature}`],
            message:
              'A feature imports no other feature: move the shared piece to app/, components/ or another shared folder.',
          })),
        },
      ],
    },
  },
  {
    // Domains meet through services (STYLE.md): a domain imports another only through that domain's
    // index.ts, which re-exports what it offers (its services and their types), never a repository
    // or a private helper; type-only imports included. What several domains share lives in kernel/.
    // No domain imports the composition root or its areas (they import every domain); the kernel imports no domain.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverDomains.map((domain) => ({
              target: `./apps/server/src/domains/${domain}`,
              from: serverDomains
                .filter((other) => other !== domain)
                .map((other) => `./apps/server/src/domains/${other}/**`),
              except: ['**/apps/server/src/domains/*/index.ts'],
              message:
                "Another domain's internals: import its index.ts (never its repository; export the service there), or move what several domains share to src/kernel/.",
            })),
            {
              target: './apps/server/src/domains',
              from: ['./apps/server/src/composition.ts', './apps/server/src/composition'],
              message:
                'The composition root builds the domains: declare the narrow dependencies you need as an interface in your domain.',
            },
            {
              target: './apps/server/src/kernel',
              from: './apps/server/src/domains',
              message: 'The kernel serves every domain and imports none.',
            },
          ],
        },
      ],
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
    // Endpoints defined once (issue 42): the web app takes a server path from its definition in
    // @patlas/contracts (call(), fillPath), never writes one.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(product|platform)\\//]',
          message: 'A server path: call its endpoint from @patlas/contracts (api/endpoint-call.ts).',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/(product|platform)\\//]',
          message: 'A server path: call its endpoint from @patlas/contracts (api/endpoint-call.ts).',
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
