// The detail's loading state in the detail's own layout. No hooks: usable from the server.

function Bar({ className }: { className: string }) {
  return <div className={`animate-pulse rounded bg-slate-200 dark:bg-slate-800 ${className}`} />;
}

export function DetailSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading the alarm">
      <div className="panel p-3">
        <Bar className="h-5 w-40" />
        <Bar className="mt-3 h-6 w-2/3" />
        <Bar className="mt-2 h-4 w-1/4" />
        <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
          {Array.from({ length: 8 }, (_, index) => (
            <Bar key={index} className="h-8" />
          ))}
        </div>
      </div>
      <div className="grid gap-3 xl:grid-cols-2">
        <Bar className="h-32" />
        <Bar className="h-32" />
      </div>
      <Bar className="h-64" />
    </div>
  );
}
