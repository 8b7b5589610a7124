import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { frontendLayers } from './scripts/lib/frontendLayers.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.turbo/**',
      '**/coverage/**',
      '.allot-data/**',
      'docs/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    files: ['frontend/src/**/*.tsx'],
    rules: {
      // A state updater runs later, when React has already cleared the event's currentTarget
      // (the Sections Offered crash): read the value into a variable first.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name=/^set[A-Z]/] > ArrowFunctionExpression MemberExpression[property.name='currentTarget']",
          message:
            'Read event.currentTarget before calling the state setter, not inside its updater.',
        },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'frontend/tsconfig.json' }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: frontendLayers }] },
  },
  {
    // A test of shared code may exercise it with a feature's endpoints; features' tests stay
    // within their feature like the features themselves.
    files: ['frontend/src/{lib,components}/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: frontendLayers.filter(
            (zone) => zone.message !== 'Shared code does not import a feature.',
          ),
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**/*.ts', '**/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
