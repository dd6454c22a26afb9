import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://localhost:3000';
const HOME_BUDGET_KB = 100;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
  moduleIds: string[];
}

/**
 * Prints the gzipped JavaScript a first visit to the home page downloads: the entry chunk, the lazy
 * home route chunk the router loads at once, and everything they import statically.
 * DESIGN.md section 6 sets the budget at 100 KB; the figure also lands in dist/bundle-size.json.
 */
function homeBundleSize(): Plugin {
  return {
    name: 'jobboard-home-bundle-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
      }
      const roots = [...chunks.values()].filter(
        (c) => c.isEntry || c.moduleIds.some((id) => id.includes('/features/search/components/HomePage')),
      );
      const seen = new Set<string>();
      const visit = (name: string) => {
        if (seen.has(name)) return;
        seen.add(name);
        for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
      };
      for (const root of roots) visit(root.fileName);
      let raw = 0;
      let gzip = 0;
      const files: Record<string, number> = {};
      for (const name of seen) {
        const code = chunks.get(name)?.code ?? '';
        const size = gzipSync(code, { level: 9 }).length;
        raw += Buffer.byteLength(code);
        gzip += size;
        files[name] = size;
      }
      const kb = (n: number) => (n / 1024).toFixed(1);
      const verdict = gzip / 1024 < HOME_BUDGET_KB ? 'within' : 'OVER';
      console.log(
        `\nhome page first-load JS: ${kb(gzip)} KB gzipped (${kb(raw)} KB raw, ${seen.size} files), ${verdict} the ${HOME_BUDGET_KB} KB budget`,
      );
      this.emitFile({
        type: 'asset',
        fileName: 'bundle-size.json',
        source: JSON.stringify({ homeFirstLoadGzipBytes: gzip, homeFirstLoadRawBytes: raw, files }, null, 2),
      });
    },
  };
}

/**
 * Writes .br and .gz beside every text asset of the build, once, at build time: the server sends them to
 * browsers that accept them (@fastify/static preCompressed), so no request pays for compression.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'jobboard-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), homeBundleSize(), precompress()],
  resolve: {
    // react-router's package exports name only its development build (warnings and checks included); its
    // production build sits beside it, and is what a production bundle should carry.
    alias:
      mode === 'production'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/static': { target: API_TARGET },
      '/uploads': { target: API_TARGET },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET },
      '/static': { target: API_TARGET },
      '/uploads': { target: API_TARGET },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2023',
    sourcemap: false,
    // Every browser we support has native <link rel=modulepreload>; the polyfill would be dead weight on the home page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every screen needs, in one long-cached file (one gzip stream compresses better than five).
            { name: 'framework', test: /node_modules\/(react|react-dom|scheduler)\// },
          ],
        },
      },
    },
  },
}));
