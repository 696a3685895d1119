import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The README as a newcomer reads it (issue #36): the two commands first, the demo account's
// password where nobody misses it, a tour, and the operator's reference one link away in docs/,
// every link of which leads somewhere.

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const readme = read("README.md");

/** Markdown without its code (fenced blocks and inline spans), where links are not links. */
const prose = (markdown: string) =>
  markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");

/** GitHub's anchor of a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

const headings = (markdown: string) =>
  [...prose(markdown).matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!));

describe("the README", () => {
  it("starts with the two commands, the demo account's password right after the first", () => {
    const commands = [...readme.matchAll(/```sh\n([^`]+?)\n```/g)].map((match) => match[1]);
    expect(commands.slice(0, 2)).toEqual(["npm install && npm start", "npm install && npm test"]);
    const [, afterStart = ""] = readme.split("npm install && npm start\n```");
    const beforeTests = afterStart.split("## ")[0]!;
    expect(beforeTests).toMatch(
      /^> \*\*Sign in as `analyst` with the password `npm start` prints\*\*/m,
    );
    expect(beforeTests).toContain("a minute or two");
  });

  it("tours the first ten minutes before it sends operators to docs/", () => {
    const tour = headings(readme).indexOf("your-first-ten-minutes");
    expect(tour).toBeGreaterThan(headings(readme).indexOf("run-all-the-tests"));
    expect(readme).toContain("](docs/operators.md)");
    for (const section of ["configuration", "the-index", "several-replicas", "metrics"]) {
      expect(headings(read("docs/operators.md")), section).toContain(section);
      expect(headings(readme), section).not.toContain(section);
    }
  });
});

it("every relative link of the README and docs/ leads to a file, and to a heading in it", () => {
  const files = [
    "README.md",
    ...readdirSync(join(root, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ];
  const broken = files.flatMap((file) => {
    const links = [...prose(read(file)).matchAll(/\]\(([^)\s]+)\)|src="([^"]+)"/g)].map(
      (match) => (match[1] ?? match[2])!,
    );
    return links
      .filter((link) => !/^[a-z]+:/.test(link))
      .filter((link) => {
        const [path = "", anchor] = link.split("#");
        const target = path === "" ? file : join(dirname(file), path);
        if (!existsSync(join(root, target))) return true;
        return anchor !== undefined && !headings(read(target)).includes(anchor);
      })
      .map((link) => `${file}: ${link}`);
  });
  expect(broken).toEqual([]);
});
