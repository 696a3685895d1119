"use client";

import { useProductName } from "@/components/deployments/deployment-context";
import { CopyButton } from "@/components/ui/copy-button";

/** The vendor's alarm exactly as received, for the details our own shape leaves out. */
export function RawJson({ raw }: { raw: unknown }) {
  const json = JSON.stringify(raw, null, 2) ?? "null";
  const product = useProductName();
  return (
    <section aria-labelledby="raw-heading" className="panel min-w-0">
      <details>
        <summary className="flex cursor-pointer items-center justify-between gap-2 px-3 py-2 select-none">
          <h2 id="raw-heading" className="inline text-sm font-semibold">
            Raw JSON <span className="font-normal text-slate-500">(as {product} sent it)</span>
          </h2>
        </summary>
        <div className="border-t border-slate-200 p-3 dark:border-slate-800">
          <CopyButton value={json} label="Copy JSON" />
          {/* Below md long lines wrap (a phone reads it top to bottom); from md up they scroll. */}
          <pre className="mt-2 max-h-[32rem] overflow-auto rounded bg-slate-50 p-2 font-mono text-[11px] leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere] md:whitespace-pre md:[overflow-wrap:normal] dark:bg-slate-950">
            {json}
          </pre>
        </div>
      </details>
    </section>
  );
}
