import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import type { LabelStatus } from "@/lib/shared/triage/types";
import { LabelState } from "./label-state";

// The verdict's USM label on the alarm's detail, as an analyst reads it.

const text = (label: LabelStatus) =>
  renderToStaticMarkup(<LabelState label={label} />).replace(/<[^>]+>/g, "");

it("offers a Retry on a failed label only, when the panel may write", () => {
  const retry = { write: () => undefined, busy: false };
  const markup = (label: LabelStatus) =>
    renderToStaticMarkup(<LabelState label={label} retry={retry} />);
  expect(markup({ state: "failed", message: "x" })).toContain(">Retry</button>");
  expect(markup({ state: "pending" })).not.toContain("Retry");
  expect(renderToStaticMarkup(<LabelState label={{ state: "failed" }} />)).not.toContain("Retry");
});

it("says where the label stands, and why it waits or failed", () => {
  expect(text({ state: "none" })).toBe("");
  expect(text({ state: "pending" })).toBe("Label pending");
  expect(
    text({ state: "pending", message: "USM did not answer (timeout); retrying in 2 min" }),
  ).toBe("Label pending · USM did not answer (timeout); retrying in 2 min");
  expect(text({ state: "written" })).toBe("Label written to USM");
  expect(
    text({ state: "failed", message: "The API client of Acme may not write labels (403)" }),
  ).toBe("Label failed: The API client of Acme may not write labels (403)");
});
