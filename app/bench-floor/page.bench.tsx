import type { Metadata } from "next";
import { connection } from "next/server";
import { Floor } from "./floor";

// The framework floor of `npm run bench -- lighthouse`: Next + React + React Query on an
// otherwise empty page, in the same build as the app, so its first-load JavaScript is what every
// page pays before any of the console's own code. Routed only by the bench's build: the
// `.bench.tsx` extension is a page extension there alone (next.config.mjs, NEXT_BENCH_PAGES), and
// every other build, production's included, ignores this file.

export const metadata: Metadata = { title: "Framework floor (bench build)" };

export default async function FloorPage() {
  // Per request, as the list is: a prerendered page carries no CSP nonce, and its scripts would
  // be blocked.
  await connection();
  return <Floor />;
}
