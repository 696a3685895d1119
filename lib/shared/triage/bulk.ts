// A bulk triage action's answer, as the server sends it and the bulk bar reads it. Browser-safe.

export interface BulkAnswer {
  /** Alarms the action was asked for (the view's count, or the rows chosen). */
  count: number;
  /** The view as counted: its range frozen. Send it back with `expect` to act. */
  view: string;
  /** Deployments the index does not hold whole over the view's range (their rest is not here). */
  missing?: string[];
  done?: number;
  unchanged?: number;
  /** What was not done, by reason. */
  skipped?: Partial<
    Record<"owned_by_another" | "closed_by_another" | "not_indexed" | "failed", number>
  >;
}
