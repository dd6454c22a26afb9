import { fileURLToPath } from 'node:url';
import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import type { Plugin } from 'vite';

const configPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
const runtimePath = fileURLToPath(new URL('./src/lib/i18n.tsx', import.meta.url));
const MACRO_IMPORT = /from ['"]@lingui\/(core|react)\/macro['"]/;

/**
 * Lingui in the Vite build and vitest: the macros (`t`, `Trans`, `Plural`) become message lookups before the React
 * plugin compiles the file, and a `.po` import becomes a compiled catalogue (so nothing compiled is committed).
 * @vitejs/plugin-react 6 no longer runs Babel and @rolldown/plugin-babel needs Node 22, so the macro runs through
 * @babel/core here, on the few files that import a macro. In production the English source texts are stripped
 * from the code: they live once, in the English catalogue.
 */
export function linguiPlugins(production: boolean): Plugin[] {
  const linguiConfig = getConfig({ configPath });
  const macro: Plugin = {
    name: 'jobboard-lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.[jt]sx?$/.test(id.split('?')[0] ?? '') || id.includes('node_modules') || !MACRO_IMPORT.test(code))
        return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['jsx', 'typescript'] },
        plugins: [[linguiMacro, { linguiConfig, stripMessageField: production }]],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
  // The module the compiled macros import Trans and useLingui from (lingui.config.ts, runtimeConfigModule).
  const runtime: Plugin = {
    name: 'jobboard-lingui-runtime',
    enforce: 'pre',
    resolveId: (id) => (id === 'jobboard-i18n' ? runtimePath : null),
  };
  return [macro, runtime, ...lingui({ configPath })];
}
