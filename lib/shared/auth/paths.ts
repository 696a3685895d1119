// Paths and header names shared by proxy.ts, the pages and next-auth's options. Edge/client-safe.

export const SIGN_IN_PATH = "/signin";

/**
 * A request header proxy.ts sets on every page request: the path and query the browser asked
 * for, so server components know where to send an analyst back after sign-in. The proxy always
 * overwrites it, so a value sent by the browser never gets through.
 */
export const REQUEST_PATH_HEADER = "x-alarm-console-path";
