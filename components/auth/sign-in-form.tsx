"use client";

import { signIn } from "next-auth/react";
import { useRef, useState, type FormEvent } from "react";
import { safeCallbackPath } from "@/lib/shared/auth/callback-url";
import { signInErrorMessage } from "@/lib/shared/auth/sign-in-errors";

export interface SignInFormProps {
  /** Where to go after sign-in: already a same-origin path (checked again here). */
  callbackUrl: string;
  /** The sentence for an error reported through the URL (SSO refused, throttled...). */
  initialError: string | null;
  /** The single sign-on button, when configured. */
  sso: { id: string; name: string } | null;
  demo: boolean;
  /** Just signed out: of this session, or of every session ("everywhere"). */
  signedOut: "here" | "everywhere" | null;
}

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:focus:border-blue-400 dark:focus:ring-blue-400/30";

export function SignInForm({ callbackUrl, initialError, sso, demo, signedOut }: SignInFormProps) {
  const [error, setError] = useState(initialError);
  const [pending, setPending] = useState<"credentials" | "sso" | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const target = safeCallbackPath(callbackUrl);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending("credentials");
    setError(null);
    try {
      const result = await signIn("credentials", {
        redirect: false,
        username: String(form.get("username") ?? ""),
        password: String(form.get("password") ?? ""),
        callbackUrl: target,
      });
      if (result?.ok && !result.error) {
        // A full load, so the server renders the page with the new session.
        window.location.assign(target);
        return;
      }
      setError(signInErrorMessage(result?.error ?? "Default"));
    } catch {
      setError("The sign-in service did not answer. Check your connection and try again.");
    }
    setPending(null);
    if (passwordRef.current) {
      passwordRef.current.value = "";
      passwordRef.current.focus();
    }
  }

  async function onSso() {
    if (!sso) return;
    setPending("sso");
    setError(null);
    try {
      // Leaves for the identity provider; comes back to `target` (or to this page with ?error=).
      await signIn(sso.id, { callbackUrl: target });
    } catch {
      setError(signInErrorMessage("OAuthSignin"));
      setPending(null);
    }
  }

  return (
    <div className="space-y-4">
      {signedOut && !error ? (
        <p
          role="status"
          className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-200"
        >
          {signedOut === "everywhere"
            ? "You have signed out everywhere: every session of yours has ended."
            : "You have signed out."}
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}

      {sso ? (
        <>
          <button
            type="button"
            onClick={onSso}
            disabled={pending !== null}
            className="flex w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            {pending === "sso" ? "Redirecting…" : `Sign in with ${sso.name}`}
          </button>
          <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
            or with an account
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
          </div>
        </>
      ) : null}

      <form onSubmit={onSubmit} className="space-y-3">
        <div className="space-y-1">
          <label
            htmlFor="username"
            className="block text-xs font-medium text-slate-700 dark:text-slate-300"
          >
            Username
          </label>
          <input
            id="username"
            name="username"
            type="text"
            required
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={128}
            disabled={pending !== null}
            className={inputClass}
          />
        </div>
        <div className="space-y-1">
          <label
            htmlFor="password"
            className="block text-xs font-medium text-slate-700 dark:text-slate-300"
          >
            Password
          </label>
          <input
            ref={passwordRef}
            id="password"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            maxLength={1024}
            disabled={pending !== null}
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          disabled={pending !== null}
          className="w-full rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white shadow-xs hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:bg-blue-600 dark:hover:bg-blue-500"
        >
          {pending === "credentials" ? "Signing in…" : "Sign in"}
        </button>
      </form>

      {demo ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-200">
          Demo mode (simulated data): sign in as <strong className="font-mono">analyst</strong> with
          the password printed when the dashboard started.
        </p>
      ) : null}
    </div>
  );
}
