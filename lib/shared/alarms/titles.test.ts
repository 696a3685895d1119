import { describe, expect, it } from "vitest";
import { parseAlarmListQuery } from "./query";
import { listTitle } from "./titles";

// A list tab's title, as the row of tabs shows it.

const title = (search: string, total?: number) =>
  listTitle(parseAlarmListQuery(new URLSearchParams(search)).query, total, { name: "Acme" });

describe("listTitle", () => {
  it("names the count, the filters and the deployment", () => {
    expect(title("status=open&priority_label=high&range=24h", 1204)).toBe(
      "1,204 alarms · Open · High · Last 24 hours · Acme · Alarm Console",
    );
  });

  it("names a filter's several values as alternatives", () => {
    expect(title("status=in_review&status=open&rule_method=SSH&rule_method=RDP", 7)).toBe(
      "7 alarms · Open or In review · SSH or RDP · Acme · Alarm Console",
    );
  });

  it("agrees with its count: one alarm, none or many alarms", () => {
    expect(title("status=open", 1)).toBe("1 alarm · Open · Acme · Alarm Console");
    expect(title("", 0)).toBe("0 alarms · Acme · Alarm Console");
  });
});
