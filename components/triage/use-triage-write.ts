"use client";
// The triage panel's writes to one alarm (owner, acknowledgement, notes): the answer replaces the
// alarm's triage in the cache; a refusal is kept as the panel's problem and the triage read again.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "@/lib/shared/alarms/paths";
import type { ApiError } from "@/lib/shared/core/errors";
import { EVERY_DEPLOYMENT, scopeSegment } from "@/lib/shared/deployments/scope";
import { triageKeys } from "@/lib/shared/queries/keys";
import { sendJson, type WriteMethod } from "@/lib/shared/queries/http";
import { asApiError } from "@/lib/shared/queries/query-options";
import type { AlarmTriage } from "@/lib/shared/triage/types";

export type TriageWrite = { part: string; method: WriteMethod; body?: object };

/**
 * `done` runs once the write succeeded (a note's draft is kept until then); `failed` gets the
 * refusal, for a form that shows it beside its field (the close form).
 */
export type WriteTriage = (
  write: TriageWrite,
  done?: () => void,
  failed?: (error: ApiError) => void,
) => void;

export function useTriageWrite(deployment: string, uuid: string) {
  const client = useQueryClient();
  const [problem, setProblem] = useState<ApiError | null>(null);
  const mutation = useMutation({
    mutationFn: ({ part, method, body }: TriageWrite) =>
      // The alarm's triage after the write, or our ApiError.
      sendJson<AlarmTriage>(method, api.triage(deployment, uuid, part), { body }),
    onMutate: () => setProblem(null),
    onSuccess: (next: AlarmTriage) => {
      client.setQueryData(triageKeys.alarm(deployment, uuid), next);
      void client.invalidateQueries({ queryKey: triageKeys.deployment(deployment) });
      void client.invalidateQueries({
        queryKey: triageKeys.deployment(scopeSegment(EVERY_DEPLOYMENT)),
      });
    },
    onError: (error) => {
      setProblem(asApiError(error));
      // What another analyst did first is shown at once, with the message naming it.
      void client.invalidateQueries({ queryKey: triageKeys.alarm(deployment, uuid) });
    },
  });
  const write: WriteTriage = (next, done, failed) =>
    mutation.mutate(next, {
      onSuccess: done,
      // A form that shows its own refusal (beside its field) has it alone, not the panel too.
      onError:
        failed &&
        ((error) => {
          setProblem(null);
          failed(asApiError(error));
        }),
    });
  return { write, busy: mutation.isPending, problem };
}
