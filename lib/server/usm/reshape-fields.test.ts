import { describe, expect, it } from "vitest";
import { alarmDetailSchema } from "@/lib/server/core/shapes";
import { SOURCE, alarm, eventFields } from "@/test/vendor-alarm";
import { toAlarmDetail } from "./reshape";
import { upstreamAlarmSchema } from "./schemas";

// Who an alarm is about, what the deployment highlights on it, and its label in the one
// priority model, from hand-written vendor payloads.

const reshape = (json: unknown) =>
  alarmDetailSchema.parse(toAlarmDetail(upstreamAlarmSchema.parse(json), json, SOURCE));

describe("an alarm's users", () => {
  it("are read from source_username and destination_username, trimmed", () => {
    const detail = reshape(
      alarm({ source_username: " j.doe ", destination_username: "svc-backup" }),
    );
    expect(detail).toMatchObject({ sourceUsername: "j.doe", destinationUsername: "svc-backup" });
  });

  it("are null when the alarm names none, or a blank one", () => {
    expect(reshape(alarm({ source_username: "  " }))).toMatchObject({
      sourceUsername: null,
      destinationUsername: null,
    });
  });
});

describe("the highlighted fields", () => {
  it("name each field once, trimmed, with its value on the alarm or on its first event", () => {
    const detail = reshape(
      alarm({
        source_username: "j.doe",
        priority: 55,
        highlight_fields: [" source_username", "event_name", "priority", "source_username"],
        events: [{ timeStamp: 1629188002363, message: eventFields }],
      }),
    );
    expect(detail.highlights).toEqual([
      { field: "source_username", value: "j.doe" },
      { field: "event_name", value: "SSH login failed" },
      { field: "priority", value: "55" },
    ]);
  });

  it("keep a field the alarm has no value for, as null, and none when nothing is highlighted", () => {
    expect(reshape(alarm({ highlight_fields: ["destination_username"] })).highlights).toEqual([
      { field: "destination_username", value: null },
    ]);
    expect(reshape(alarm()).highlights).toEqual([]);
  });
});

describe("the priority label", () => {
  it("takes critical, on newer deployments, and any case", () => {
    expect(reshape(alarm({ priority: 95, priority_label: "critical" })).priorityLabel).toBe(
      "critical",
    );
    expect(reshape(alarm({ priority_label: " HIGH" })).priorityLabel).toBe("high");
  });

  it("leaves a label beyond the model unnamed (the number still tells)", () => {
    expect(reshape(alarm({ priority_label: "severe" })).priorityLabel).toBeNull();
  });
});
