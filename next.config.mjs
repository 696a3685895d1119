/** @type {import('next').NextConfig} */
const nextConfig = {
  // Tests build into their own folder so they can run while a dashboard is up.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
