// Types for scripts/sim-labels.mjs, which its test imports.
import type { Verdict } from "@/lib/shared/triage/types";

export declare const VERDICT_LABEL_NAMES: Record<Verdict, string>;
export declare function verdictLabels(baseUrl: string): Promise<Record<Verdict, string>>;
