import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Shared lint rules: typescript-eslint with type-checked rules. */
export function config(tsconfigRootDir) {
  return tseslint.config(
    { ignores: ['dist/**', 'node_modules/**', '*.config.*', '*.js', '*.d.ts'] },
    js.configs.recommended,
    ...tseslint.configs.recommendedTypeChecked,
    {
      languageOptions: { parserOptions: { projectService: true, tsconfigRootDir } },
      rules: {
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-imports': 'error',
        '@typescript-eslint/require-await': 'off',
        '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      },
    },
  );
}
