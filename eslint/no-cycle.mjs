// house/no-cycle: no module of the console reaches itself again through its imports, type-only
// imports included (a type-level cycle still ties two rooms into one: neither can move alone).
// import/no-cycle skips type imports, so the house keeps its own: the graph of every module's
// static imports and re-exports (`import()` is lazy: not an edge), read from disk once per lint
// run, with the file being linted read from its own source so an edit is judged as written.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOTS = ["app", "components", "lib"];
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*\s{},$]*?\s+from\s+)?["']([^"']+)["']/gm;

/** The specifiers a module's text imports or re-exports statically. */
export function specifiersOf(text) {
  return [...text.matchAll(SPECIFIER)].map((match) => match[1]);
}

/** The file a specifier names, or undefined (a package, or not ours). */
function resolveSpecifier(root, from, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return undefined;
  const candidates = [
    base,
    ...EXTENSIONS.map((extension) => base + extension),
    ...EXTENSIONS.map((extension) => join(base, `index${extension}`)),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

function sourceFiles(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return EXTENSIONS.some((extension) => entry.name.endsWith(extension)) ? [path] : [];
  });
}

const graphs = new Map();

/** Every module's edges, from disk; built once per process and root. */
function graphOf(root) {
  let graph = graphs.get(root);
  if (graph) return graph;
  graph = new Map();
  for (const file of ROOTS.flatMap((folder) => sourceFiles(join(root, folder)))) {
    const text = readFileSync(file, "utf8");
    graph.set(file, edgesOf(root, file, text));
  }
  graphs.set(root, graph);
  return graph;
}

function edgesOf(root, file, text) {
  return specifiersOf(text)
    .map((specifier) => resolveSpecifier(root, file, specifier))
    .filter((target) => target !== undefined && target !== file);
}

/** The shortest way from `file` back to itself, as a list of files, or undefined. */
export function cycleThrough(graph, file, edges) {
  const previous = new Map();
  const queue = [];
  const back = (from) => {
    const path = [from];
    for (let at = from; previous.get(at) !== file; at = previous.get(at))
      path.unshift(previous.get(at));
    return [file, ...path, file];
  };
  for (const next of new Set(edges)) {
    previous.set(next, file);
    queue.push(next);
  }
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of graph.get(current) ?? []) {
      if (next === file) return back(current);
      if (previous.has(next)) continue;
      previous.set(next, current);
      queue.push(next);
    }
  }
  return undefined;
}

const rule = {
  meta: {
    type: "problem",
    docs: { description: "No import cycles between the console's modules, type imports included." },
    schema: [],
    messages: { cycle: "Import cycle: {{path}}. Move what both need below both." },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const inRoots = ROOTS.some((folder) => !relative(join(root, folder), file).startsWith(".."));
    if (!inRoots) return {};
    return {
      Program(node) {
        const graph = graphOf(root);
        const edges = edgesOf(root, file, context.sourceCode.getText());
        const cycle = cycleThrough(graph, file, edges);
        if (!cycle) return;
        const path = cycle.map((step) => relative(root, step)).join(" -> ");
        context.report({ node, messageId: "cycle", data: { path } });
      },
    };
  },
};

export const housePlugin = { rules: { "no-cycle": rule } };
