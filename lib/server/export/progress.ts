import "server-only";
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/shared/core/errors";
import type { SharedStore } from "@/lib/server/store";
import type { ExportFormat, ExportProgress } from "@/lib/shared/export/contract";

// Each export's progress and its cancel flag, in the shared store, so that the dialog's polls and
// its Cancel work from whichever replica they land on, not only the one streaming the file. Keys
// carry the analyst (hashed: ids hold e-mail addresses) and the export id: an analyst asking for
// another's export finds nothing, exactly as for an id that never existed.

/** How long a finished export's progress stays readable (and a running one without updates). */
const PROGRESS_TTL_MS = 3_600_000;

function keys(analyst: string, id: string) {
  const who = createHash("sha256").update(analyst).digest("base64url").slice(0, 16);
  const base = `export:${who}:${id}`;
  return { progress: `${base}:progress`, cancel: `${base}:cancel` };
}

const notFound = () => new ApiError("not_found", "There is no such export of yours.");

export class ExportProgressStore {
  constructor(private readonly store: SharedStore) {}

  /** Claims `id` for a new export; invalid_request if the analyst already has one by that id. */
  async start(
    analyst: string,
    id: string,
    format: ExportFormat,
    startedAt: number,
  ): Promise<ExportProgress> {
    const progress: ExportProgress = {
      id,
      state: "running",
      format,
      rows: 0,
      total: 0,
      startedAt,
      updatedAt: startedAt,
    };
    const key = keys(analyst, id);
    const claimed = await this.store.setIfAbsent(
      key.progress,
      JSON.stringify(progress),
      PROGRESS_TTL_MS,
    );
    if (!claimed) {
      throw new ApiError("invalid_request", "This export id is in use; start a new export.", {
        param: "id",
      });
    }
    return progress;
  }

  /** Writes what the export has done; a store that fails now does not stop the download. */
  async update(analyst: string, progress: ExportProgress): Promise<void> {
    await this.store
      .set(keys(analyst, progress.id).progress, JSON.stringify(progress), PROGRESS_TTL_MS)
      .catch(() => undefined);
  }

  async get(analyst: string, id: string): Promise<ExportProgress> {
    const text = await this.store.get(keys(analyst, id).progress);
    if (text === null) throw notFound();
    return JSON.parse(text) as ExportProgress;
  }

  /** Asks the analyst's running export to stop; its stream sees the flag within a second. */
  async cancel(analyst: string, id: string): Promise<ExportProgress> {
    const progress = await this.get(analyst, id);
    if (progress.state === "running") {
      await this.store.set(keys(analyst, id).cancel, "1", PROGRESS_TTL_MS);
    }
    return progress;
  }

  /** Whether the analyst asked to stop this export (from any replica). */
  async cancelled(analyst: string, id: string): Promise<boolean> {
    return (await this.store.get(keys(analyst, id).cancel)) !== null;
  }
}
