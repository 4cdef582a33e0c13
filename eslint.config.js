import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import tseslint from 'typescript-eslint'

/**
 * The folders of src/, bottom to top. A folder may import only from folders on a lower
 * floor; folders on the same floor do not know each other. docs/ARCHITECTURE.md draws it.
 */
const FLOORS = [['text'], ['io'], ['schemas', 'stats'], ['metrics'], ['baseline', 'candidates', 'judge'], ['compare'], ['report', 'github'], ['run'], ['analysis'], ['action', 'cli']]

/** test/ may import from anywhere; nothing imports from test/ (what bench/ shares with it lives in fakes/). */
const NOT_FROM_TEST = { group: ['**/test/**'], message: 'nothing outside test/ imports from it: move the shared piece to fakes/ (stand-ins for third-party servers) or src/' }

const layering = FLOORS.flatMap((floor, level) =>
  floor.map((folder) => {
    const forbidden = FLOORS.slice(level)
      .flat()
      .filter((other) => other !== folder)
    return {
      files: [`src/${folder}/**/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: forbidden.map((other) => `**/${other}/*`),
                message: `src/${folder}/ sits below or beside that folder: move the shared piece down a floor (see docs/ARCHITECTURE.md)`,
              },
              NOT_FROM_TEST,
            ],
          },
        ],
      },
    }
  }),
)

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.evalgate-cache/**', '.node24/**', 'out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // habit 11: every promise is awaited or handled; a forgotten await loses errors
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test runs these itself and reports their failures
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/cli/**', 'src/index.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // a file past 300 lines or a function past 60 is doing two jobs; an exception says why in a comment
    files: ['src/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 60 }],
    },
  },
  {
    // a non-null assertion carries an undefined on unnoticed: a type says what is there, or
    // io/known.ts checks it and names what is missing (a hot loop checks its own reads) (issue 30)
    files: ['src/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.js', '.json'] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['bench/**/*.ts', 'fakes/**/*.ts', 'scripts/**/*.ts', 'examples/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_FROM_TEST] }] },
  },
  ...layering,
)
