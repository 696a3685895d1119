import { chromium } from "playwright";
const base = "http://localhost:3300";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const paths = (process.env.PATHS ?? "").split(" ");
for (const scheme of ["light", "dark"]) {
  for (const width of [1440, 1024, 390]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
    const page = await ctx.newPage();
    await page.goto(base + "/", { waitUntil: "networkidle" });
    if (page.url().includes("/signin")) {
      await page.getByLabel("Username").fill("analyst");
      await page.getByLabel("Password").fill("demo-pass-123");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
    }
    let i = 0;
    for (const p of paths) {
      await page.goto(base + p, { waitUntil: "networkidle" });
      if (process.env.EXPAND) {
        const b = page.getByRole("button", { name: /^Show .* groups of/ }).first();
        if (await b.count()) { await b.click(); await page.waitForTimeout(800); }
      }
      await page.screenshot({ path: `/tmp/shots/${scheme}-${width}-${i++}.png`, fullPage: false });
    }
    await ctx.close();
  }
}
await browser.close();
