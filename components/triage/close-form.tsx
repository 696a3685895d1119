"use client";
// The close form: what the alarm was (the verdict), the original it duplicates (a uuid or a pasted
// link), and a short reason. The server's refusal is shown beside the field it names, and what
// the analyst typed stays until the close is done.

import { useId, useState } from "react";
import type { ApiError } from "@/lib/shared/core/errors";
import { CLOSE_REASON_MAX_CHARS, VERDICT_NAMES, type Verdict } from "@/lib/shared/triage/types";
import { duplicateOf } from "./duplicate-input";

/** What each verdict means, beside its name. */
const VERDICT_HINTS: Record<Verdict, string> = {
  true_positive: "a real threat or breach of policy",
  false_positive: "the rule fired on something harmless",
  benign: "real, but expected activity",
  duplicate: "another alarm already covers it",
};

/** A close as the form hands it on: `duplicateOf` with the verdict "duplicate" only. */
export interface CloseRequest {
  verdict: Verdict;
  reason: string;
  duplicateOf?: string;
}

const FIELD =
  "rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const PROBLEM = "text-xs text-amber-800 dark:text-amber-300";

export function CloseForm({
  verdicts,
  deployment,
  self,
  busy,
  refusal,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  /** The verdicts offered (a bulk close leaves "duplicate" out). */
  verdicts: readonly Verdict[];
  /** The alarm's deployment and uuid, to read a pasted link against (a bulk close: no uuid). */
  deployment: string;
  self: string | null;
  busy: boolean;
  /** The server's last refusal of this form, if any. */
  refusal: ApiError | null;
  submitLabel: string;
  onSubmit: (close: CloseRequest) => void;
  onCancel: () => void;
}) {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [reason, setReason] = useState("");
  const [original, setOriginal] = useState("");
  const [tried, setTried] = useState(false);
  const ids = { reason: useId(), original: useId(), verdict: useId() };
  const duplicate = verdict === "duplicate" ? duplicateOf(original, deployment, self ?? "") : null;
  const local = {
    verdict: verdict === null ? "Choose what the alarm was." : null,
    duplicateOf: duplicate && "problem" in duplicate ? duplicate.problem : null,
  };
  const said = (field: string) => (refusal?.param === field ? refusal.message : null);
  const problems = {
    verdict: (tried && local.verdict) || said("verdict"),
    duplicateOf: (tried && original.trim() !== "" && local.duplicateOf) || said("duplicateOf"),
    reason: said("reason"),
  };
  const elsewhere =
    refusal && !["verdict", "duplicateOf", "reason"].includes(refusal.param ?? "")
      ? refusal.message
      : null;

  return (
    <form
      className="flex flex-col gap-3 text-sm"
      data-close-form
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (verdict === null || (duplicate && "problem" in duplicate)) return;
        onSubmit({
          verdict,
          reason,
          ...(duplicate && "uuid" in duplicate && { duplicateOf: duplicate.uuid }),
        });
      }}
    >
      <fieldset aria-describedby={problems.verdict ? ids.verdict : undefined}>
        <legend className="field-label mb-1">What was it?</legend>
        <div className="flex flex-col gap-1">
          {verdicts.map((option) => (
            <label key={option} className="flex items-baseline gap-2">
              <input
                type="radio"
                name="verdict"
                value={option}
                checked={verdict === option}
                onChange={() => setVerdict(option)}
              />
              <span>
                <span className="font-medium">{VERDICT_NAMES[option]}</span>
                <span className="text-slate-600 dark:text-slate-400">
                  : {VERDICT_HINTS[option]}
                </span>
              </span>
            </label>
          ))}
        </div>
        {problems.verdict ? (
          <p id={ids.verdict} className={PROBLEM} role="alert">
            {problems.verdict}
          </p>
        ) : null}
      </fieldset>
      {verdict === "duplicate" ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.original} className="field-label">
            Duplicate of (the alarm&apos;s uuid, or a link to it)
          </label>
          <input
            id={ids.original}
            className={FIELD}
            value={original}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problems.duplicateOf ? true : undefined}
            aria-describedby={problems.duplicateOf ? `${ids.original}-problem` : undefined}
            onChange={(event) => setOriginal(event.target.value)}
          />
          {problems.duplicateOf ? (
            <p id={`${ids.original}-problem`} className={PROBLEM} role="alert">
              {problems.duplicateOf}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.reason} className="field-label">
          Why (for the team; optional)
        </label>
        <textarea
          id={ids.reason}
          className={`${FIELD} min-h-20`}
          value={reason}
          maxLength={CLOSE_REASON_MAX_CHARS}
          aria-invalid={problems.reason ? true : undefined}
          aria-describedby={`${ids.reason}-count`}
          onChange={(event) => setReason(event.target.value)}
        />
        <span className="flex justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
          <span
            className={problems.reason ? PROBLEM : ""}
            role={problems.reason ? "alert" : undefined}
          >
            {problems.reason}
          </span>
          <span id={`${ids.reason}-count`}>
            {reason.length.toLocaleString("en")} of {CLOSE_REASON_MAX_CHARS.toLocaleString("en")}
          </span>
        </span>
      </div>
      {elsewhere ? (
        <p className={PROBLEM} role="alert">
          {elsewhere}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
