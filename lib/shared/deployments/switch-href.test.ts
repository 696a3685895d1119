import { describe, expect, it } from "vitest";
import { switchHref } from "./switch-href";

const SENSOR = "9f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
const ALARM = "0b6c1f4e-2d3a-4b5c-8d9e-0f1a2b3c4d5e";

// A view using every parameter the list knows, written as the list writes it.
const FULL_VIEW =
  "p=4&size=50&sort=priority%2Casc&status=open&suppressed=false&priority_label=high" +
  "&rule_intent=Delivery+%26+Attack&rule_strategy=Brute+Force&rule_method=SSH" +
  `&alarm_sensor_sources=${SENSOR}&range=24h&tz=Europe%2FBerlin`;
// The same view on another deployment: first page, no sensor.
const CARRIED =
  "size=50&sort=priority%2Casc&status=open&suppressed=false&priority_label=high" +
  "&rule_intent=Delivery+%26+Attack&rule_strategy=Brute+Force&rule_method=SSH" +
  "&range=24h&tz=Europe%2FBerlin";
// What the list of every deployment takes of it: the shared filters and tz, no order, size or page.
const MERGED =
  "status=open&suppressed=false&priority_label=high" +
  "&rule_intent=Delivery+%26+Attack&rule_strategy=Brute+Force&rule_method=SSH" +
  "&range=24h&tz=Europe%2FBerlin";

describe("switching deployments from a list", () => {
  it("keeps the view on the first page, without the sensor", () => {
    expect(switchHref("/d/prod/alarms", `?${FULL_VIEW}`, "lab")).toBe(`/d/lab/alarms?${CARRIED}`);
  });

  it("keeps absolute time bounds", () => {
    expect(
      switchHref(
        "/d/prod/alarms",
        "?page=1&timestamp_occured_gte=1700000000000&timestamp_occured_lte=1700003600000",
        "lab",
      ),
    ).toBe(
      "/d/lab/alarms?timestamp_occured_gte=2023-11-14T22:13:20Z&timestamp_occured_lte=2023-11-14T23:13:20Z",
    );
  });

  it("writes the view canonically and leaves out what is wrong or unknown", () => {
    expect(
      switchHref(
        "/d/prod/alarms/",
        "Status=Open&priority_label=HIGH&suppressed=x&size=7&utm_source=mail&tz=europe/berlin",
        "lab",
      ),
    ).toBe("/d/lab/alarms?status=open&priority_label=high&tz=Europe%2FBerlin");
  });

  it("gives the plain list for a view that is all defaults", () => {
    expect(switchHref("/d/prod/alarms", "?page=2", "lab")).toBe("/d/lab/alarms");
    expect(switchHref("/d/prod/alarms", "", "lab")).toBe("/d/lab/alarms");
  });

  it("leads to the same deployment's list as it was, page and sensor included", () => {
    expect(switchHref("/d/prod/alarms", `?${FULL_VIEW}`, "prod")).toBe(
      `/d/prod/alarms?${FULL_VIEW}`,
    );
  });
});

describe("switching deployments from a detail", () => {
  const from = new URLSearchParams({ from: FULL_VIEW.replace("&tz=Europe%2FBerlin", "") });
  const detail = `?${from}&tz=Europe%2FBerlin`;

  it("leads to the other deployment's list with the view the detail came from", () => {
    expect(switchHref(`/d/prod/alarms/${ALARM}`, detail, "lab")).toBe(`/d/lab/alarms?${CARRIED}`);
  });

  it("keeps the reader's time zone when the detail was opened from the default view", () => {
    expect(switchHref(`/d/prod/alarms/${ALARM}`, "?tz=Asia/Tokyo", "lab")).toBe(
      "/d/lab/alarms?tz=Asia%2FTokyo",
    );
    expect(switchHref(`/d/prod/alarms/${ALARM}`, "", "lab")).toBe("/d/lab/alarms");
  });

  it("takes the zone from the detail's tz, not from inside from", () => {
    expect(
      switchHref(`/d/prod/alarms/${ALARM}`, "?from=status%3Dopen%26tz%3DAsia%2FTokyo", "lab"),
    ).toBe("/d/lab/alarms?status=open");
  });

  it("leads back to its own deployment's list as it was", () => {
    expect(switchHref(`/d/prod/alarms/${ALARM}`, detail, "prod")).toBe(
      `/d/prod/alarms?${FULL_VIEW}`,
    );
  });
});

describe("switching from the list of every deployment", () => {
  it("keeps the filters a deployment's list has too and drops the queue's cursor", () => {
    expect(
      switchHref(
        "/d/all/alarms",
        "?status=in_review&range=7d&cursor=eyJhIjoxfQ&before=1700000000000&tz=Asia/Tokyo",
        "lab",
      ),
    ).toBe("/d/lab/alarms?status=in_review&range=7d&tz=Asia%2FTokyo");
  });
});

describe("switching from a detail opened from the list of every deployment", () => {
  it("carries the list's view (not its deployments or order by time) to the other deployment", () => {
    const queue = new URLSearchParams({
      queue: "status=open&q=user%3Aalice&deployments=prod%2Clab&cursor=abc",
    });
    expect(switchHref(`/d/prod/alarms/${ALARM}`, `?${queue}&tz=Asia%2FTokyo`, "lab")).toBe(
      "/d/lab/alarms?q=user%3Aalice&status=open&tz=Asia%2FTokyo",
    );
    expect(switchHref(`/d/prod/alarms/${ALARM}`, `?${queue}`, "all")).toBe(
      "/d/all/alarms?q=user%3Aalice&status=open",
    );
  });
});

describe("switching from anywhere else", () => {
  it("leads to the target's plain list", () => {
    expect(switchHref("/", "", "lab")).toBe("/d/lab/alarms");
    expect(switchHref("/", "?status=open", "lab")).toBe("/d/lab/alarms");
    expect(switchHref("/d/prod", "?status=open", "lab")).toBe("/d/lab/alarms");
    expect(switchHref("/signin", "", "lab")).toBe("/d/lab/alarms");
  });
});

describe("switching to all deployments", () => {
  it("keeps the shared filters and tz, not the order, size, page or sensor", () => {
    expect(switchHref("/d/prod/alarms", `?${FULL_VIEW}`, "all")).toBe(`/d/all/alarms?${MERGED}`);
  });

  it("keeps them from a detail's view too", () => {
    const from = new URLSearchParams({ from: `status=closed&alarm_sensor_sources=${SENSOR}` });
    expect(switchHref(`/d/prod/alarms/${ALARM}`, `?${from}&tz=UTC`, "all")).toBe(
      "/d/all/alarms?status=closed",
    );
  });

  it("from the list of every deployment itself, keeps its filters and starts it again", () => {
    expect(switchHref("/d/all/alarms", "?status=open&cursor=abc", "all")).toBe(
      "/d/all/alarms?status=open",
    );
  });

  it("keeps a search, which means the same in every deployment, both ways", () => {
    const search = "?q=user%3Aalice&status=open&alarm_sensor_sources=" + SENSOR;
    expect(switchHref("/d/prod/alarms", search, "all")).toBe(
      "/d/all/alarms?q=user%3Aalice&status=open",
    );
    expect(switchHref("/d/all/alarms", "?q=user%3Aalice&cursor=abc", "lab")).toBe(
      "/d/lab/alarms?q=user%3Aalice",
    );
  });

  it("from home, is the plain list of every deployment", () => {
    expect(switchHref("/", "", "all")).toBe("/d/all/alarms");
  });
});
