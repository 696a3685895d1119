// Which source each byte of a built chunk came from, read from the chunk's source map (the
// bench's build has browser source maps): what source-map-explorer does, without its
// dependencies. Turbopack writes flat (not sectioned) v3 maps.

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((char, value) => [char, value]));

interface SourceMapV3 {
  sources: string[];
  mappings: string;
}

/** Each generated line's segments as [generated column, source index] (-1: unmapped). */
function decodeMappings(mappings: string): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = [];
  let source = 0; // relative across the whole map, as the format says
  for (const line of mappings.split(";")) {
    const segments: Array<[number, number]> = [];
    let column = 0; // relative within a line
    for (const segment of line.split(",")) {
      if (segment === "") continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = DIGIT.get(char);
        if (digit === undefined) throw new Error(`bad source map character ${char}`);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        source += fields[1]!;
        segments.push([column, source]);
      } else {
        segments.push([column, -1]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** The bytes (UTF-8) of `code` attributed to each source of `map`; "(unmapped)" for the rest. */
export function bytesBySource(code: string, map: SourceMapV3): Map<string, number> {
  const sizes = new Map<string, number>();
  const add = (name: string, bytes: number) => sizes.set(name, (sizes.get(name) ?? 0) + bytes);
  const mapped = decodeMappings(map.mappings);
  code.split("\n").forEach((text, lineIndex) => {
    const segments = mapped[lineIndex] ?? [];
    segments.forEach(([column, source], i) => {
      if (source < 0) return;
      const end = segments[i + 1]?.[0] ?? text.length;
      add(map.sources[source] ?? "(unmapped)", Buffer.byteLength(text.slice(column, end)));
    });
  });
  // The rest: the bundler's glue between modules, and newlines.
  const unmapped = Buffer.byteLength(code) - [...sizes.values()].reduce((a, b) => a + b, 0);
  if (unmapped > 0) sizes.set("(unmapped)", (sizes.get("(unmapped)") ?? 0) + unmapped);
  return sizes;
}

/** A project-relative path: `turbopack:///[project]/node_modules/x/y.js` -> `node_modules/x/y.js`. */
export function sourcePath(source: string): string {
  return source.replace(/^turbopack:\/\/\/(\[project\]\/)?/, "").replace(/^webpack:\/\/\//, "");
}

/**
 * What a source belongs to: its npm package (the innermost node_modules folder), a package that
 * Next.js bundles inside itself (`next/dist/compiled/react-dom` -> "react-dom (in next)"), or the
 * project's own folder (`components/alarms`).
 */
export function packageOf(source: string): string {
  const path = sourcePath(source);
  if (path.startsWith("(")) return path;
  const compiled = /node_modules\/next\/dist\/compiled\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (compiled) return `${compiled[1]} (in next)`;
  const inModules = path.split("node_modules/");
  if (inModules.length > 1) {
    const rest = inModules[inModules.length - 1]!.split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const folder = path.split("/").slice(0, -1).join("/");
  return folder === "" ? path : folder;
}
