import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SearchSource } from "./search-source";

// A count of the index stands beside (or for) the deployments' own: where it says it came from,
// it says why the two may differ, in words an analyst reads on hovering it.

describe("where an index count came from", () => {
  it("says why it may differ from a deployment's own count", () => {
    const html = renderToStaticMarkup(
      <SearchSource source={{ kind: "index", indexedUpTo: Date.UTC(2026, 0, 15) }} />,
    );
    const title = /title="([^"]*)"/.exec(html)?.[1]?.replace(/&#x27;/g, "'");
    expect(title).toContain("Counted in the console's index, not by the deployments");
    expect(title).toContain("a deployment's own list may count differently meanwhile");
  });
});
