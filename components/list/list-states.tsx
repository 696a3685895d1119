"use client";
// What a list shows instead of its rows: an error, nothing matching, or a place past the end.

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useProductName } from "@/components/deployments/deployment-context";
import { formatCount } from "@/lib/shared/alarms/format";
import type { ApiError } from "@/lib/shared/core/errors";
import { useHydrated } from "@/components/use-hydrated";
import { type PageLinkTarget, followHere } from "./follow-here";
import { RetryButton } from "./retry-button";

const ALERT =
  "rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100";

/** Where to start again when a request cannot be served as asked (a queue's newest alarms). */
export interface StartOver {
  href: string;
  label: string;
  /** The heading when the API refused the request itself: a retry would be refused again. */
  refused: string;
}

export function ErrorState({
  error,
  onRetry,
  retrying,
  title = "Could not load alarms",
  startOver,
}: {
  error: ApiError;
  onRetry: () => void;
  retrying: boolean;
  title?: string;
  startOver?: StartOver;
}) {
  const router = useRouter();

  const signedOut = error.code === "unauthenticated";
  const refused = startOver !== undefined && error.code === "invalid_request";
  return (
    <div className="flex flex-col gap-2">
      <div role="alert" className={ALERT}>
        <h2 className="font-semibold">{refused ? startOver.refused : title}</h2>
        <p className="mt-1">{error.message}</p>
        <p className="mt-1 font-mono text-xs text-red-800/80 dark:text-red-200/70">
          {error.code}
          {error.param ? ` · ${error.param}` : ""}
        </p>
        <div className="mt-3 flex gap-2">
          {refused ? (
            <Link href={startOver.href} className="btn-primary">
              {startOver.label}
            </Link>
          ) : signedOut ? (
            <a
              className="btn-primary"
              href="/signin"
              onClick={(event) => {
                // Come back to exactly this view after signing in.
                event.preventDefault();
                const here = `${window.location.pathname}${window.location.search}`;
                router.push(`/signin?${new URLSearchParams({ callbackUrl: here })}`);
              }}
            >
              Sign in again
            </a>
          ) : (
            <RetryButton onRetry={onRetry} retrying={retrying} primary />
          )}
        </div>
      </div>
      {startOver && !refused ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Or{" "}
          <Link href={startOver.href} className="text-blue-800 underline dark:text-blue-300">
            {startOver.label.toLowerCase()}
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}

function Panel({
  heading,
  text,
  children,
}: {
  heading: string;
  text: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="panel flex flex-col items-center gap-2 px-4 py-12 text-center">
      <h2 className="text-base font-semibold">{heading}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{text}</p>
      {children}
    </div>
  );
}

/** Nothing matches the view: say why it may be, and offer to clear the filters. */
export function EmptyState({
  hasFilters,
  onClear,
  several = false,
  anyFailed = false,
  searched = false,
  children,
}: {
  hasFilters: boolean;
  onClear: () => void;
  /** The view searches the index: clearing clears the search too. */
  searched?: boolean;
  /** A list of several deployments. */
  several?: boolean;
  /** Some of them did not answer (their banners say which). */
  anyFailed?: boolean;
  /** More to say (say, the nearest known values of a text filter). */
  children?: React.ReactNode;
}) {
  const product = useProductName();
  // Shown in the server's HTML, its code may still be on its way: until then a press would be
  // lost, so it says it cannot be used (components/lazy.tsx).
  const waiting = !useHydrated() || undefined;

  const text = anyFailed
    ? "None of the deployments that answered holds a matching alarm; the ones that failed may."
    : searched
      ? `No alarm${several ? " of these deployments" : ""} in the index matches the search${hasFilters ? " and the filters" : ""}. Loosen or clear them.`
      : hasFilters
        ? `No alarm${several ? " of these deployments" : ""} satisfies all the filters. Loosen or clear them.`
        : several
          ? "These deployments hold no alarms right now."
          : `${product} holds no alarms right now.`;
  return (
    <Panel heading="No alarms match" text={text}>
      {children}
      {hasFilters || searched ? (
        <div className="mt-1 flex gap-2">
          <button type="button" className="btn-secondary" onClick={onClear} aria-disabled={waiting}>
            {searched ? "Clear the search and filters" : "Clear filters"}
          </button>
        </div>
      ) : null}
    </Panel>
  );
}

/**
 * A place past the last alarm (an old link, a list that shrank): the way back in. Numbered
 * pages offer the last and the first page; a queue paged by cursor its newest alarms.
 */
export function PastTheEnd(
  props:
    | {
        lastPage: number;
        total: number;
        pageLink: (page: number) => PageLinkTarget;
        /** What the pages hold, one and many (alarms unless said). */
        noun?: [string, string];
      }
    | { newest: PageLinkTarget },
) {
  if ("newest" in props) {
    const { newest } = props;
    return (
      <Panel
        heading="No more alarms this way"
        text="Nothing lies beyond this point of the queue any more."
      >
        <div className="mt-1 flex gap-2">
          <Link
            href={newest.href}
            className="btn-primary"
            onClick={(event) => followHere(event, newest)}
          >
            Start from the newest
          </Link>
        </div>
      </Panel>
    );
  }
  const { lastPage, total, pageLink, noun: [one, many] = ["alarm", "alarms"] } = props;
  // Links, so the way back in works from the server's HTML too (before the page's scripts run).
  const [last, first] = [pageLink(lastPage), pageLink(0)];
  return (
    <Panel
      heading={`This page is past the last ${one}`}
      text={`These ${formatCount(total)} ${many} fill ${formatCount(lastPage + 1)} ${lastPage === 0 ? "page" : "pages"}.`}
    >
      <div className="mt-1 flex gap-2">
        <Link href={last.href} className="btn-primary" onClick={(event) => followHere(event, last)}>
          Go to the last page ({formatCount(lastPage + 1)})
        </Link>
        <Link
          href={first.href}
          className="btn-secondary"
          onClick={(event) => followHere(event, first)}
        >
          Go to the first page
        </Link>
      </div>
    </Panel>
  );
}
