import { describe, expect, it } from "vitest";
import { duplicateOf } from "./duplicate-input";

const SELF = "11111111-2222-4333-8444-555555555555";
const ORIGINAL = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee";

describe("the duplicate's original, as the close form reads it", () => {
  it("takes a uuid, or a console link to the alarm pasted whole", () => {
    expect(duplicateOf(` ${ORIGINAL.toUpperCase()} `, "acme", SELF)).toEqual({ uuid: ORIGINAL });
    expect(
      duplicateOf(`https://console.example/d/acme/alarms/${ORIGINAL}?q=x#top`, "acme", SELF),
    ).toEqual({ uuid: ORIGINAL });
    expect(duplicateOf(`/d/acme/alarms/${ORIGINAL}`, "acme", SELF)).toEqual({ uuid: ORIGINAL });
  });

  it("says why it names no alarm it could duplicate", () => {
    expect(duplicateOf("", "acme", SELF)).toHaveProperty("problem");
    expect(duplicateOf("INC-4711", "acme", SELF)).toMatchObject({
      problem: "That is neither an alarm's uuid nor a link to an alarm.",
    });
    expect(duplicateOf(`https://c.example/d/other/alarms/${ORIGINAL}`, "acme", SELF)).toMatchObject(
      { problem: "That alarm is of deployment other, not of this one." },
    );
    expect(duplicateOf(SELF, "acme", SELF)).toMatchObject({
      problem: "An alarm cannot duplicate itself.",
    });
  });
});
