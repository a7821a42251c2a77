import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // process.env is read once, in apps/api/src/config.ts (STYLE: parse the environment at boot).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings from config.ts' },
      ],
    },
  },
  {
    files: [
      'apps/api/src/config.ts',
      'scripts/**',
      'e2e/**',
      'bench/**',
      '**/*.config.ts',
      '**/*.test.ts',
      'apps/api/test/**',
      'apps/api/build.mjs',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Features never import each other nor the app shell (STYLE 10): app -> features -> ui/lib.
    // Inside a feature, import its own files relatively; '@/features/...' is for src/app only.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*', '../../*/**'],
              message: 'Features do not import each other; move shared code to src/ui or src/lib.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage'] },
  },
  prettier,
);
