// A real OpenID Connect provider (oidc-provider) on loopback for the single sign-on tests.
// Started by playwright.config.ts: `npx tsx e2e/support/oidc-server.ts --port <port>`; the app's
// origin comes from E2E_APP_URL. Specs import the test users from here (nothing starts then).
import { generateKeyPairSync } from "node:crypto";
import { realpathSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
// @ts-expect-error -- oidc-provider ships no type declarations and @types/oidc-provider is not installed
import Provider from "oidc-provider";

export const OIDC_CLIENT = { id: "alarm-console", secret: "e2e-oidc-client-secret" } as const;
export const OIDC_PASSWORD = "e2e-sso-Passw0rd";

/** The identity provider's accounts. The app's e2e env allows domain example.com, group soc. */
export const OIDC_USERS = {
  /** Allowed: right domain, right group. */
  analyst: { email: "sso.analyst@example.com", name: "Sasha Analyst", groups: ["soc"] },
  /** Refused by the group rule: right domain, not in soc. */
  contractor: { email: "contractor@example.com", name: "Casey Contractor", groups: ["it"] },
  /** Refused by the domain rule: in soc, but from another domain. */
  outsider: { email: "outsider@elsewhere.test", name: "Olly Outsider", groups: ["soc"] },
} as const;

type OidcUser = (typeof OIDC_USERS)[keyof typeof OIDC_USERS];

function findUser(email: string): OidcUser | undefined {
  return Object.values(OIDC_USERS).find((user) => user.email === email.trim().toLowerCase());
}

// The parts of oidc-provider's context this file touches (the package has no types).
interface GrantLike {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface OidcContext {
  oidc: {
    client: { clientId: string };
    session: { accountId: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: {
      Grant: {
        new (init: { clientId: string; accountId: string }): GrantLike;
        find(id: string): Promise<GrantLike>;
      };
    };
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function loginPage(uid: string, email: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider - Sign in</title></head>
<body>
  <main>
    <h1>Test identity provider</h1>
    ${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
    <form method="post" action="/interaction/${escapeHtml(uid)}/login">
      <label>Email <input name="email" type="email" autocomplete="username" value="${escapeHtml(email)}" required></label>
      <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
      <button type="submit">Continue</button>
    </form>
  </main>
</body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

export async function startOidcServer(port: number, appUrl: string) {
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: {
      keys: [{ ...privateKey.export({ format: "jwk" }), kid: "e2e", alg: "RS256", use: "sig" }],
    },
    cookies: { keys: ["e2e-oidc-cookie-signing-key"] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "groups"],
    },
    // The app reads the ID token's claims (idToken: true), as it would from most enterprise IdPs.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    // A first-party client: no consent screen, the grant is given on login.
    async loadExistingGrant(ctx: OidcContext) {
      const { client, session, result, provider: op } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return op.Grant.find(grantId);
      const grant = new op.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    async findAccount(_ctx: unknown, id: string) {
      const user = findUser(id);
      if (!user) return undefined;
      return {
        accountId: user.email,
        async claims() {
          return {
            sub: user.email,
            email: user.email,
            email_verified: true,
            name: user.name,
            groups: [...user.groups],
          };
        },
      };
    },
  });

  const callback = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;

  const server = createServer(async (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url?.split("?")[0] ?? "");
    if (!match) return callback(req, res);
    try {
      const uid = match[1] ?? "";
      const details = await provider.interactionDetails(req, res);
      if (req.method === "GET" && !match[2]) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(loginPage(uid, details.params.login_hint ?? ""));
      }
      if (req.method === "POST" && match[2]) {
        const form = await readForm(req);
        const email = form.get("email") ?? "";
        const user = findUser(email);
        if (!user || form.get("password") !== OIDC_PASSWORD) {
          res.writeHead(401, { "content-type": "text/html; charset=utf-8" });
          return res.end(loginPage(uid, email, "Wrong email or password."));
        }
        return await provider.interactionFinished(
          req,
          res,
          { login: { accountId: user.email } },
          { mergeWithLastSubmission: false },
        );
      }
      res.writeHead(405).end();
    } catch (error) {
      console.error("[oidc] interaction failed:", error instanceof Error ? error.message : error);
      if (!res.headersSent) res.writeHead(400, { "content-type": "text/plain" });
      res.end("The sign-in session expired. Start again from the application.");
    }
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const portIndex = process.argv.indexOf("--port");
  const port = Number(portIndex >= 0 ? process.argv[portIndex + 1] : NaN);
  const appUrl = process.env.E2E_APP_URL;
  if (!Number.isInteger(port) || port <= 0 || !appUrl) {
    console.error(
      "usage: E2E_APP_URL=http://localhost:3000 tsx e2e/support/oidc-server.ts --port N",
    );
    process.exit(2);
  }
  const { issuer } = await startOidcServer(port, appUrl.replace(/\/$/, ""));
  console.log(`[oidc] test identity provider at ${issuer}`);
}
