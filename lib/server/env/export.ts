// The export's variables (EXPORT_*): how many alarms, in pages of what size; server-only.
import "server-only";
import { z } from "zod";
import { numberVariable, wholeNumber } from "./rules";

export const exportVariables = z
  .object({
    // The most alarms one export writes (the dialog says so before it starts).
    EXPORT_MAX_ROWS: numberVariable(wholeNumber({ min: 1, max: 10_000_000 }), 100_000),
    // The page size an export asks the upstream for (smaller ones after a 400): larger pages
    // export faster but hold more memory and more of the event loop at once (docs/features.md,
    // "Export").
    EXPORT_PAGE_SIZE: numberVariable(wholeNumber({ min: 10, max: 1_000 }), 50),
  })
  .transform((env) => ({
    /** The most alarms one export writes. */
    maxRows: env.EXPORT_MAX_ROWS,
    /** The page size an export asks for first. */
    pageSize: env.EXPORT_PAGE_SIZE,
  }));

export type ExportEnv = z.output<typeof exportVariables>;
