import { describe, expect, it } from "vitest";
import { matchSuggestions, nearestValues } from "./suggest";

// Known values as the catalogue answers them: most often seen first.
const STRATEGIES = [
  "Network Scanning",
  "Brute Force Authentication",
  "Malware Infection",
  "Web Scanning",
  "Web Application Attack",
  "Policy Violation",
  "Web Shell",
  "Credential Dumping",
  "Data Exfiltration",
  "Reinforced Policy",
];

describe("matchSuggestions", () => {
  it("offers the values containing the text, whatever its case", () => {
    expect(matchSuggestions("brute", STRATEGIES)).toEqual(["Brute Force Authentication"]);
    expect(matchSuggestions("EXFIL", STRATEGIES)).toEqual(["Data Exfiltration"]);
    expect(matchSuggestions("zzz", STRATEGIES)).toEqual([]);
  });

  it("puts prefixes first, then word starts, then matches inside a word, each in the known order", () => {
    expect(matchSuggestions("web", STRATEGIES)).toEqual([
      "Web Scanning",
      "Web Application Attack",
      "Web Shell",
    ]);
    // "Reinforced Policy" is seen less often, but "force" starts a word of the other one.
    expect(matchSuggestions("force", ["Reinforced Policy", "Brute Force Authentication"])).toEqual([
      "Brute Force Authentication",
      "Reinforced Policy",
    ]);
    expect(matchSuggestions("scan", STRATEGIES)).toEqual(["Network Scanning", "Web Scanning"]);
    expect(matchSuggestions("Web Shell", ["Web Shell upload", "Web Shell"])).toEqual([
      "Web Shell",
      "Web Shell upload",
    ]);
  });

  it("matches every typed word in any order, after whole-text matches", () => {
    expect(matchSuggestions("scanning web", STRATEGIES)).toEqual(["Web Scanning"]);
    expect(matchSuggestions("  brute   force ", STRATEGIES)).toEqual([
      "Brute Force Authentication",
    ]);
  });

  it("folds accents and keeps to the limit, without repeats", () => {
    expect(matchSuggestions("resume", ["Résumé upload", "Other"])).toEqual(["Résumé upload"]);
    expect(matchSuggestions("a", STRATEGIES, 2)).toHaveLength(2);
    expect(matchSuggestions("shell", ["Web Shell", "Web Shell"])).toEqual(["Web Shell"]);
  });

  it("offers the most often seen values when nothing is typed", () => {
    expect(matchSuggestions("", STRATEGIES, 3)).toEqual(STRATEGIES.slice(0, 3));
    expect(matchSuggestions("   ", STRATEGIES, 1)).toEqual(["Network Scanning"]);
  });
});

describe("nearestValues", () => {
  it("offers the values containing the text first", () => {
    expect(nearestValues("Brute", STRATEGIES)).toEqual(["Brute Force Authentication"]);
    expect(nearestValues("web", STRATEGIES)).toEqual([
      "Web Scanning",
      "Web Application Attack",
      "Web Shell",
    ]);
  });

  it("then the closest by edit distance and shared words", () => {
    expect(nearestValues("Brut Forse", STRATEGIES)).toEqual(["Brute Force Authentication"]);
    expect(nearestValues("ransomeware", ["Known malicious domain", "Ransomware", "SSH"])).toEqual([
      "Ransomware",
    ]);
    // A value inside a longer text: someone typed the strategy and the method.
    expect(nearestValues("Brute Force Authentication SSH", STRATEGIES)).toEqual([
      "Brute Force Authentication",
    ]);
    // Containing matches before near ones, nearer before farther.
    expect(nearestValues("scaning", ["Web Scanning", "Network Scanning", "Scaning"], 3)).toEqual([
      "Scaning",
      "Web Scanning",
      "Network Scanning",
    ]);
  });

  it("offers nothing unrelated, and nothing for nothing typed", () => {
    expect(nearestValues("xyz", STRATEGIES)).toEqual([]);
    expect(nearestValues("Kerberoasting", STRATEGIES)).toEqual([]);
    expect(nearestValues("", STRATEGIES)).toEqual([]);
    expect(nearestValues("web", STRATEGIES, 0)).toEqual([]);
  });

  it("keeps to the limit", () => {
    expect(nearestValues("policy violaton", STRATEGIES, 1)).toEqual(["Policy Violation"]);
    expect(nearestValues("a", STRATEGIES)).toHaveLength(3);
  });
});
