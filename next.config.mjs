// Security headers on every response (pages, route handlers, 404s, build assets). The pages'
// Content-Security-Policy carries a per-request nonce and is set by proxy.ts; the responses the
// proxy never sees (the API with next-auth's endpoints, build assets, the favicon) get one that
// allows nothing.

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  {
    key: "Permissions-Policy",
    value:
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=(), browsing-topics=()",
  },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

const nothingAllowed = {
  key: "Content-Security-Policy",
  value: "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Tests build into their own folder so they can run while a dashboard is up.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Replicas behind one load balancer run one build under one id (docs/operators.md, "Several
  // replicas"), so a page from one replica keeps working against another.
  deploymentId: process.env.NEXT_DEPLOYMENT_ID || undefined,
  poweredByHeader: false,
  // `npm start`'s build and the e2e run's skip the type check (scripts/start-env.mjs): the test
  // command runs `tsc` over the same files (`npm run typecheck`), and on CI's two cores the build's
  // own check took 26 s more (55 s on a busy machine's first start). A plain `next build` keeps it.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  // Browser source maps only where asked (the bench's build, so `npm run bench -- lighthouse` can
  // name the modules in each chunk); a production build does not publish its sources.
  productionBrowserSourceMaps: process.env.NEXT_BROWSER_SOURCE_MAPS === "1",
  // The bench's build also routes `page.bench.tsx` (app/bench-floor: the framework floor that
  // `npm run bench -- lighthouse` weighs the list against); every other build ignores the file.
  pageExtensions: [
    ...(process.env.NEXT_BENCH_PAGES === "1" ? ["bench.tsx"] : []),
    "tsx",
    "ts",
    "jsx",
    "js",
  ],
  reactStrictMode: true,
  // PGlite loads its WebAssembly and data files from beside its own module: it runs from
  // node_modules, not from a bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      {
        // TLS ends at a reverse proxy, which says so; proxy.ts also adds it when NEXTAUTH_URL is https.
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [
          { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
        ],
      },
      ...["/api", "/api/:path*", "/_next/static/:path*", "/_next/image", "/favicon.ico"].map(
        (source) => ({ source, headers: [nothingAllowed] }),
      ),
    ];
  },
};

export default nextConfig;
