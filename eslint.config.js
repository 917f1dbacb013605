/**
 * ESLint, configured once for the whole tree (`npm run lint`). Recommended
 * rule sets of ESLint, typescript-eslint and eslint-plugin-vue; layout is left
 * to Prettier (eslint-config-prettier comes last and switches style rules off).
 * The few rules tuned below are tuned so they flag real mistakes without
 * forcing rewrites of deliberate, working code; each says why.
 */
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import vue from 'eslint-plugin-vue'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'bench/results*.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } }
  },
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } }
  },
  {
    files: ['src-renderer/**', 'test/unit/ui/**', 'test/e2e/pages/**'],
    languageOptions: { globals: { ...globals.browser } }
  },
  {
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a callback's signature, a destructured rest).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }
      ],
      // Control characters are matched on purpose: the text rules refuse them.
      'no-control-regex': 'off'
    }
  },
  {
    // Type-aware checks, on TypeScript files only: a promise nobody awaits or catches is a lost error in a server.
    files: ['src-*/**/*.ts', 'test/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A callback that returns a handled promise where void is expected is a common, deliberate pattern here.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }]
    }
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' }
  },
  {
    files: ['src-*/**/*.ts', 'src-*/**/*.vue'],
    rules: {
      // Short files with one job each (docs/architecture.md). A warning, not an error: a file that grows past it is a
      // prompt to look for a second job inside it, never a reason to move lines around to fit under a number.
      'max-lines': ['warn', { max: 400 }],
      // A spread into a call puts every element on the stack: past about 100,000 it throws RangeError (a
      // 200,000-row import did, in the change log's append). `pushAll` and `maxOf` (src-shared/arrays.ts) loop.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(push|unshift|max|min|fromCharCode|fromCodePoint)$/] > SpreadElement',
          message: 'A spread passes each element as an argument (RangeError past ~100k): use pushAll or maxOf from #shared/arrays.'
        }
      ]
    }
  },
  {
    files: ['test/**', 'bench/**'],
    rules: {
      // Tests and benchmarks cast and stub freely to reach the cases they check.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off'
    }
  },
  {
    files: ['src-renderer/**/*.vue'],
    rules: {
      // Our components are named by their files (PlantTable.vue); App.vue is the one single-word root.
      'vue/multi-word-component-names': ['error', { ignores: ['App'] }],
      // Prettier (semi: false) turns `a(); b()` in a handler into lines Vue's template compiler cannot parse
      // (prettier/prettier#14270), and a named function reads better anyway.
      'vue/no-restricted-syntax': [
        'error',
        { selector: 'VOnExpression[body.length>1]', message: 'Call one function from an event handler instead of writing several statements in it.' }
      ]
    }
  },
  {
    // api.ts's promise, made checkable: components never reach the API (they call store actions; stores call api()).
    files: ['src-renderer/src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '#shared/api-client',
              importNames: ['createApiClient'],
              message: 'Components never reach the API: call a store action (stores call api()).'
            }
          ],
          patterns: [
            {
              regex: '^(#renderer/api|(\\.{1,2}/)+api|#shared/(api-request|api-client-[a-z-]+|api-event-stream|history-client))(\\.ts)?$',
              message: 'Components never reach the API: call a store action (stores call api()).'
            }
          ]
        }
      ]
    }
  },
  prettier
)
