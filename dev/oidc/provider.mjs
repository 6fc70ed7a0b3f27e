// A real OpenID Connect provider (the certified `oidc-provider` package) on a loopback port, for
// the identity tests (server/tests/api/identity_support.py) and `make dev`.
//
//   node provider.mjs '<config JSON>'     node provider.mjs demo.json     VENUELY_OIDC_CONFIG='<JSON>' node provider.mjs
//
// Config:
//   port        the port to listen on (0: any free one; VENUELY_OIDC_PORT overrides it);
//               the host is always 127.0.0.1
//   clients     [{client_id, client_secret, redirect_uris, tamper?, delay_ms?}]
//   accounts    [{login, sub?, email, email_verified?, given_name?, family_name?}]
//   id_token_ttl  seconds an ID token is valid (default: the provider's, an hour)
//   claims_in_id_token  false: the email and profile claims only at the UserInfo endpoint, as
//               the OpenID spec lets providers do (default true, as Google does)
//
// People sign in on the provider's own development pages (a login form, then a consent form):
// any password is accepted, the login must be one of `accounts`. When listening, one JSON line
// is printed to stdout: {"ready": true, "issuer": "http://127.0.0.1:<port>", "port": <port>}.
//
// `tamper` makes the token endpoint misbehave for that client in exactly one way, so the server's
// refusals can be tested through the whole flow: the ID token the provider issued is signed again
// with one thing changed, "audience" (issued for another client), "issuer" (another issuer's
// name, the provider's own key) or "signature" (another key under the provider's key id).
// `delay_ms` holds the token answer back that long (a provider too slow to answer).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK } from 'jose';
import Provider from 'oidc-provider';

const HOST = '127.0.0.1';
const ALG = 'RS256';

function readConfig() {
  const text = process.argv[2] ?? process.env.VENUELY_OIDC_CONFIG;
  if (!text) {
    throw new Error('give the config as the first argument or in VENUELY_OIDC_CONFIG');
  }
  // The config itself, or the name of a file holding it.
  const config = JSON.parse(text.trim().startsWith('{') ? text : readFileSync(text, 'utf8'));
  if (!Array.isArray(config.clients) || !Array.isArray(config.accounts)) {
    throw new Error('the config needs "clients" and "accounts" lists');
  }
  return config;
}

async function signingKey(kid) {
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: ALG, use: 'sig' };
}

function accountFinder(accounts) {
  const byLogin = new Map(accounts.map((account) => [account.login, account]));
  return async function findAccount(_ctx, id) {
    const account = byLogin.get(id);
    if (!account) return undefined;
    return {
      accountId: id,
      async claims() {
        const given = account.given_name ?? '';
        const family = account.family_name ?? '';
        return {
          sub: account.sub ?? id,
          email: account.email,
          email_verified: account.email_verified ?? true,
          given_name: given,
          family_name: family,
          name: `${given} ${family}`.trim(),
        };
      },
    };
  };
}

// The token endpoint's answer for a client configured to misbehave: its ID token signed again
// with the one change `tamper` names, or held back for `delay_ms`.
function misbehaviour(clients, ownKey, foreignKey) {
  const byId = new Map(clients.map((client) => [client.client_id, client]));
  const otherClient = clients.find((client) => !client.tamper)?.client_id ?? 'someone-else';
  return async function tamperWithTokens(ctx, next) {
    await next();
    const client = byId.get(ctx.oidc?.client?.clientId);
    if (ctx.path !== '/token' || ctx.status !== 200 || !client) return;
    if (client.delay_ms) {
      await new Promise((resolve) => setTimeout(resolve, client.delay_ms));
    }
    if (!client.tamper || typeof ctx.body?.id_token !== 'string') return;
    const claims = decodeJwt(ctx.body.id_token);
    const header = decodeProtectedHeader(ctx.body.id_token);
    let key = ownKey;
    if (client.tamper === 'audience') claims.aud = otherClient;
    else if (client.tamper === 'issuer') claims.iss = `${claims.iss}/elsewhere`;
    else if (client.tamper === 'signature') key = foreignKey;
    else throw new Error(`unknown tamper mode ${client.tamper}`);
    ctx.body = {
      ...ctx.body,
      id_token: await new SignJWT(claims)
        .setProtectedHeader({ alg: header.alg, kid: header.kid, typ: header.typ })
        .sign(await importJWK(key, ALG)),
    };
  };
}

async function main() {
  const config = readConfig();
  const port = Number(process.env.VENUELY_OIDC_PORT ?? config.port ?? 0);
  const ownJwk = await signingKey('venuely-dev-key');
  // Another key under the same key id: a token signed with it must fail the signature check,
  // not the key lookup.
  const foreignJwk = await signingKey(ownJwk.kid);
  const server = createServer();
  await new Promise((resolve) => server.listen(port, HOST, resolve));
  const issuer = `http://${HOST}:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: config.clients.map(({ tamper, delay_ms, ...client }) => ({
      grant_types: ['authorization_code'],
      response_types: ['code'],
      ...client,
    })),
    jwks: { keys: [ownJwk] },
    findAccount: accountFinder(config.accounts),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // Every client must send a PKCE challenge (S256 is the only method this provider accepts).
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    features: { devInteractions: { enabled: true } },
    conformIdTokenClaims: config.claims_in_id_token === false,
    ...(config.id_token_ttl ? { ttl: { IdToken: Number(config.id_token_ttl) } } : {}),
  });
  provider.use(misbehaviour(config.clients, ownJwk, foreignJwk));
  server.on('request', provider.callback());
  process.stdout.write(`${JSON.stringify({ ready: true, issuer, port: server.address().port })}\n`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
