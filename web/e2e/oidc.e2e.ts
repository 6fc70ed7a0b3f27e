/**
 * Sign-in with OpenID Connect, end to end: a real provider (`dev/oidc/provider.mjs`, the certified
 * oidc-provider package) on the loopback, registered for the demo customer through the API; the
 * attendee clicks its button on the login screen, signs in on the provider's own pages and lands
 * in the event. A person the whitelist does not admit comes back to the login screen, refused.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { api, baseURL, DEMO_ADMIN, demoEventID, expectAccessible, expectedLanding, url, withBrowser } from "./support";

const PROVIDER_SCRIPT = resolve(import.meta.dirname, "..", "..", "dev", "oidc", "provider.mjs");
const CLIENT = { client_id: "venuely-e2e", client_secret: "e2e-client-secret-0123456789abcdef" };
const ADA = { login: "ada", email: "ada.lovelace@oidc.example", given_name: "Ada", family_name: "Lovelace" };
const EVE = { login: "eve", email: "eve@elsewhere.example", given_name: "Eve", family_name: "Outsider" };

let provider: ChildProcess;
let providerID = "";

async function adminToken(): Promise<string> {
  const { json } = await api<{ Reason: number; Token: string }>("POST", "/loginadmin", { LoginEMail: DEMO_ADMIN.email, Password: DEMO_ADMIN.password });
  expect(json.Reason).toBe(7);
  return json.Token;
}

/** Starts the provider and waits for its one "ready" line, which names its issuer. */
async function startProvider(): Promise<string> {
  const config = {
    port: 0,
    clients: [{ ...CLIENT, redirect_uris: [`${baseURL()}/api/v1/identity/oidc/callback`] }],
    accounts: [ADA, EVE],
  };
  const child = spawn(process.execPath, [PROVIDER_SCRIPT, JSON.stringify(config)], { stdio: ["ignore", "pipe", "inherit"] });
  provider = child;
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const ready = JSON.parse(line) as { ready?: boolean; issuer?: string };
    if (ready.ready && ready.issuer) return ready.issuer;
  }
  throw new Error("the OpenID provider exited before it was ready");
}

async function setWhitelist(entries: string[]): Promise<void> {
  const { status } = await api("PUT", `/events/${await demoEventID()}/email-whitelist`, { Entries: entries }, await adminToken());
  expect(status).toBeLessThan(300);
}

beforeAll(async () => {
  const issuer = await startProvider();
  const token = await adminToken();
  const { json: customers } = await api<{ ID: string; Name: string }[]>("GET", "/customers", undefined, token);
  const { json: event } = await api<{ CustomerID: string }>("GET", "/events/name/demo/metadata");
  expect(customers.map((c) => c.ID)).toContain(event.CustomerID);
  const created = await api<{ ID: string }>(
    "POST",
    `/customers/${event.CustomerID}/sign-in-providers`,
    { Kind: "oidc", Label: "Lovelace ID", Issuer: issuer, ClientID: CLIENT.client_id, ClientSecret: CLIENT.client_secret, EventIDs: [], IsEnabled: true },
    token,
  );
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  providerID = created.json.ID;
});

afterAll(async () => {
  if (providerID) {
    const { json: event } = await api<{ CustomerID: string }>("GET", "/events/name/demo/metadata");
    await api("DELETE", `/customers/${event.CustomerID}/sign-in-providers/${providerID}`, undefined, await adminToken());
  }
  provider?.kill("SIGTERM");
});

afterEach(async () => {
  await setWhitelist([]);
});

/** From the event's login screen through the provider's own login and consent pages. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.goto(url("/demo/login"));
  await page.getByRole("link", { name: "Continue with Lovelace ID" }).click();
  await page.waitForURL((u) => !u.href.startsWith(baseURL()));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password the dev provider accepts");
  await page.locator('button[type="submit"]').click();
  // The consent page: the provider asks once per client whether Venuely may read the claims.
  await page.locator('button[type="submit"]').click();
}

it("signs a new person in through the provider and lands in the event", async () => {
  await withBrowser("oidc-sign-in", async (context) => {
    const page = await context.newPage();
    await signInAtProvider(page, ADA.login);
    await page.waitForURL((u) => u.href.startsWith(baseURL()) && !u.pathname.endsWith("/sso-complete"));
    // `expectedLanding` reads the token /sso-complete stored and asks the API with it, so the
    // hand-off left a working token; the page then is where a password login would lead.
    const landing = await expectedLanding(page);
    await page.waitForURL((u) => u.pathname === landing);
    const ada = await api<{ FirstName: string }>("GET", `/personbyemail?EMail=${encodeURIComponent(ADA.email)}`, undefined, await adminToken());
    expect(ada.status).toBe(200);
    expect(ada.json.FirstName).toBe(ADA.given_name);
    await expectAccessible(page, "after OpenID sign-in");
  });
});

it("refuses a person the event's whitelist does not admit, and logs nobody in", async () => {
  await setWhitelist([ADA.email]);
  await withBrowser("oidc-whitelist", async (context) => {
    const page = await context.newPage();
    await signInAtProvider(page, EVE.login);
    await page.getByText("Your email address is not admitted to this event.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/demo/login");
    const eve = await api("GET", `/personbyemail?EMail=${encodeURIComponent(EVE.email)}`, undefined, await adminToken());
    expect(eve.status, "no account made for a refused person").toBe(404);
  });
});
