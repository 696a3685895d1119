import type { Metadata, Viewport } from "next";
import { Providers } from "@/components/providers";
import { ThemeScript } from "@/components/theme/theme-script";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Alarm Console", template: "%s · Alarm Console" },
  description: "Work the alarms of USM Anywhere and USM Central deployments.",
  // Inline, so there is no icon file to fetch (and no 404 for the browser's favicon request).
  icons: {
    icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%23ef4444'/%3E%3Cpath d='M8 3.5v5.5M8 11.5v1' stroke='white' stroke-width='2' stroke-linecap='round'/%3E%3C/svg%3E",
  },
};

export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // Inline scripts set the analyst's theme (components/theme/theme.ts) and, in the alarms
    // layout, table preferences (components/list/view-preferences.ts) on <html> before
    // hydration: attributes React did not render.
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript />
      </head>
      <body className="min-h-screen bg-slate-100 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
