import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Alarm Console", template: "%s · Alarm Console" },
  description: "Browse the alarms of a USM Anywhere deployment.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
      </body>
    </html>
  );
}
