import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { afterSignInPath } from "@/lib/shared/auth/callback-url";
import { OIDC_PROVIDER_ID } from "@/lib/server/auth/oidc";
import { getAnalyst } from "@/lib/server/auth/session";
import { signInErrorMessage, UNAVAILABLE_ERROR } from "@/lib/shared/auth/sign-in-errors";
import { serverEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/shared/core/errors";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const isStoreDown = (error: unknown) =>
  error instanceof ApiError && error.code === "store_unavailable";

function signedOutAs(value: string | undefined): "here" | "everywhere" | null {
  if (value === "everywhere") return "everywhere";
  return value === "1" ? "here" : null;
}

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = afterSignInPath(first(params.callbackUrl));
  // Already signed in (e.g. a second tab): straight on to where the link pointed. (proxy.ts
  // does this before rendering; this is the fallback.) When the shared store cannot say, the
  // page still renders, saying that sign-in is unavailable.
  const signedIn = await getAnalyst().then(
    (analyst) => analyst !== null,
    (error: unknown) => (isStoreDown(error) ? null : Promise.reject(error)),
  );
  if (signedIn) redirect(callbackUrl);

  const { auth } = serverEnv();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10 dark:bg-slate-950">
      <div className="w-full max-w-sm">
        <div className="mb-5 flex items-center justify-center gap-2.5">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-7 w-7 text-blue-700 dark:text-blue-400"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6L12 3Z" />
            <path d="M12 8v4.5M12 15.5h.01" />
          </svg>
          <div className="leading-tight">
            <p className="text-base font-semibold tracking-tight">Alarm Console</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Alarms of USM Anywhere and USM Central
            </p>
          </div>
        </div>
        <section
          aria-labelledby="signin-title"
          className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <h1 id="signin-title" className="mb-4 text-lg font-semibold tracking-tight">
            Sign in
          </h1>
          <SignInForm
            callbackUrl={callbackUrl}
            initialError={signInErrorMessage(
              signedIn === null ? UNAVAILABLE_ERROR : first(params.error),
            )}
            sso={auth.oidc ? { id: OIDC_PROVIDER_ID, name: auth.oidc.name } : null}
            demo={auth.demoPassword !== undefined}
            signedOut={signedOutAs(first(params.signedOut))}
          />
        </section>
      </div>
    </main>
  );
}
