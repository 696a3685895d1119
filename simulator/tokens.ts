// Issued access tokens: opaque to clients but JWT-looking (three base64url segments), kept in
// memory with their expiry. Revocation simply forgets them.
import { randomBytes, randomUUID } from "node:crypto";

export interface TokenGrant {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  scope: "trust read write";
  jti: string;
}

export type TokenCheck = { ok: true; clientId: string } | { ok: false; reason: string };

const b64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export class TokenStore {
  private readonly tokens = new Map<string, { clientId: string; expiresAt: number }>();

  constructor(
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  issue(clientId: string): TokenGrant {
    const now = this.now();
    this.prune(now);
    const jti = randomUUID();
    const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
    const payload = b64url(
      JSON.stringify({
        scope: ["trust", "read", "write"],
        exp: Math.floor(now / 1000) + this.ttlSeconds,
        authorities: ["ROLE_API_CLIENT"],
        jti,
        client_id: clientId,
      }),
    );
    const token = `${header}.${payload}.${b64url(randomBytes(256))}`;
    this.tokens.set(token, { clientId, expiresAt: now + this.ttlSeconds * 1000 });
    return {
      access_token: token,
      token_type: "bearer",
      expires_in: this.ttlSeconds,
      scope: "trust read write",
      jti,
    };
  }

  check(token: string): TokenCheck {
    const entry = this.tokens.get(token);
    if (!entry) return { ok: false, reason: "Invalid access token" };
    if (this.now() >= entry.expiresAt) {
      this.tokens.delete(token);
      return { ok: false, reason: "Access token expired" };
    }
    return { ok: true, clientId: entry.clientId };
  }

  revokeAll(): void {
    this.tokens.clear();
  }

  /** Drops expired tokens so a long-running simulator does not grow without bound. */
  private prune(now: number): void {
    if (this.tokens.size < 1000) return;
    for (const [token, entry] of this.tokens) if (now >= entry.expiresAt) this.tokens.delete(token);
  }
}
