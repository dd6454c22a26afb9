// `npm run lint`: fails when the server's modules (apps/server/src/modules/*) or the web app's features
// (apps/web/src/features/*) import each other in a cycle. ESLint's import-x/no-cycle sees files; this sees folders,
// the layers ARCHITECTURE.md draws. Type-only imports are left out: they vanish at run time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AREAS = ['apps/server/src/modules', 'apps/web/src/features'];
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

const files = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** folder -> the other folders of the same area it imports (at run time). */
function graphOf(area) {
  const base = path.join(root, area);
  const graph = new Map();
  for (const folder of fs.readdirSync(base, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const edges = new Set();
    for (const file of files(path.join(base, folder.name))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = path.relative(base, path.resolve(path.dirname(file), match[1]));
        const other = target.split(path.sep)[0];
        if (!target.startsWith('..') && other !== folder.name) edges.add(other);
      }
    }
    graph.set(folder.name, edges);
  }
  return graph;
}

/** One cycle through the graph, as a path, or undefined. */
function findCycle(graph) {
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return undefined;
}

let failed = false;
for (const area of AREAS) {
  const cycle = findCycle(graphOf(area));
  if (cycle) {
    failed = true;
    console.error(`${area}: modules import each other in a cycle: ${cycle.join(' -> ')}`);
  }
}
process.exit(failed ? 1 : 0);
