import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// The upstream access token rests in the shared store sealed (AES-256-GCM) with a key derived
// from the API client's secret, which only the console's replicas hold: someone who can read
// Redis gets nothing they can call USM Anywhere with.

export interface Sealer {
  seal(plain: string): string;
  /** The plain text, or null for anything this key did not seal (tampered, another secret). */
  open(sealed: string): string | null;
}

export function sealerFor(secret: string, context: string): Sealer {
  const key = Buffer.from(
    hkdfSync("sha256", secret, "alarm-console/sealed", context, 32) as ArrayBuffer,
  );
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
      if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
