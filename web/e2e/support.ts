/** Helpers for the browser tests: a fresh Chromium profile per test, mail reading, API calls, axe. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { artifactsDir } from "./global-setup";

export const DEMO_ATTENDEE = { email: "attendee@demo.venuely.example", password: "demo-attendee-pass" };
export const DEMO_ADMIN = { email: "admin@demo.venuely.example", password: "demo-organizer-pass" };

export const baseURL = () => inject("baseURL");
export const url = (path: string) => `${baseURL()}${path}`;

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Software WebGL (SwiftShader) so the venue's panorama renders in headless Chromium.
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

export interface BrowserOptions {
  /** Pre-accept cookies so the consent modal stays closed (default true). */
  consent?: boolean;
  locale?: string;
}

/** Runs `body` in a fresh persistent Chromium profile; on failure, screenshots every page. */
export async function withBrowser(name: string, body: (context: BrowserContext) => Promise<void>, options: BrowserOptions = {}): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), "venuely-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    locale: options.locale ?? "en-US",
    viewport: { width: 1280, height: 900 },
  });
  if (options.consent !== false) {
    await context.addInitScript(() => {
      if (!window.localStorage.getItem("cookie_consent")) {
        window.localStorage.setItem("cookie_consent", JSON.stringify({ isSaved: true, functional: true, statistics: true }));
      }
    });
  }
  try {
    await body(context);
  } catch (error) {
    mkdirSync(artifactsDir, { recursive: true });
    const safe = name.replace(/[^a-z0-9]+/gi, "-");
    for (const [i, page] of context.pages().entries()) {
      await page.screenshot({ path: join(artifactsDir, `${safe}-${i}.png`), fullPage: true }).catch(() => undefined);
    }
    throw error;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8).replace(/\d/g, "x")}@example.org`;
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest .eml written for `to` (the server's file mailer), decoded enough to search. */
export async function readMail(to: string, subjectHint?: RegExp): Promise<string> {
  const mailDir = join(inject("dataDir"), "mail");
  for (let i = 0; i < 100; i++) {
    let files: string[];
    try {
      files = readdirSync(mailDir).filter((f) => f.endsWith(".eml")).sort();
    } catch {
      files = [];
    }
    for (const file of files.reverse()) {
      const raw = readFileSync(join(mailDir, file), "utf8");
      if (!raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
      const body = decodeMailBody(raw);
      if (!subjectHint || subjectHint.test(body)) return body;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${to}`);
}

function decodeMailBody(raw: string): string {
  let out = decodeQuotedPrintable(raw);
  for (const match of raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)) {
    out += "\n" + Buffer.from((match[1] ?? "").replace(/\s/g, ""), "base64").toString("utf8");
  }
  return out;
}

/**
 * The address this test file's API calls come from, as a reverse proxy would say it
 * (`X-Forwarded-For`, trusted from the loopback). Every file runs in the one server, and the
 * per-address limits (10 sign-ups an hour) are there for people, not for a suite of browser tests:
 * each file is a visitor of its own, from an address of the benchmarking range 198.18.0.0/15.
 */
const CLIENT_ADDRESS = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: T }> {
  const response = await fetch(url(`/api/v1${path}`), {
    method,
    headers: { "Content-Type": "application/json", "X-Forwarded-For": CLIENT_ADDRESS, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

/**
 * An attendee account made through the API as the sign-up screen makes it (registration for an
 * event, then the code from the verification mail), for flows whose subject is something else.
 */
export async function registerAttendee(eventID: string, email: string, password: string): Promise<void> {
  const registered = await api<{ Reason: number }>("POST", `/registernewaccount?EventID=${eventID}`, {
    FirstName: "Ada",
    LastName: "Attendee",
    LoginEMail: email,
    Password: password,
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(200);
  const code = /:\s*(\d{6})\b/.exec(await readMail(email))?.[1] ?? "";
  expect(code, "a 6-digit code in the mail").toMatch(/^\d{6}$/);
  const confirmed = await api<{ Reason: number }>("POST", `/confirmemailaddress?loginEMail=${encodeURIComponent(email)}&token=${code}`);
  expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
}

export async function demoEventID(): Promise<string> {
  const { json } = await api<{ EventID: string }>("GET", "/events/name/demo/metadata");
  return json.EventID;
}

const require = createRequire(import.meta.url);
const axePath = require.resolve("axe-core/axe.min.js");

/** axe-core on the current page: no serious or critical violations allowed. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, `${label}: ${JSON.stringify(serious, null, 1)}`).toEqual([]);
}

/** Log in through the form and wait for HomeStart (or the remembered page). */
/**
 * Fills a field and waits until it really holds the value. Right after a sign-out the event
 * router re-renders once more and can replace a field that was filled a moment earlier.
 */
export async function fillStable(page: Page, label: string, value: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const field = page.getByLabel(label, { exact: true });
    await field.fill(value);
    await page.waitForTimeout(100);
    if ((await field.inputValue()) === value) return;
  }
  throw new Error(`field "${label}" did not keep its value`);
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

/** The demo organizer in the console at 1366×800, on the demo event's `section` (its nav link). */
export async function openConsoleSection(page: Page, section: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(url("/manage/login"));
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.getByRole("link", { name: "Venuely Demo Conference", exact: true }).click();
  await page.getByRole("link", { name: section, exact: true }).click();
}

interface PublicEventShape {
  DefaultPage?: string | null;
  Navigation?: { ID: string; Type: string; Data?: Record<string, unknown> }[];
}

/**
 * Where "/" must lead for the signed-in page: the event's DefaultPage when it names a panorama
 * (the demo's lobby), else HomeStart. Read from the API with the page's own token.
 */
export async function expectedLanding(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(window.sessionStorage).find((k) => k.startsWith("jwt_"));
    return key ? window.sessionStorage.getItem(key) : null;
  });
  expect(token, "a token in session storage").toBeTruthy();
  const { json } = await api<PublicEventShape>("GET", `/events/${await demoEventID()}/public`, undefined, token ?? "");
  const item = json.Navigation?.find((n) => n.ID === json.DefaultPage && json.DefaultPage !== "0".repeat(24));
  const room = item && (item.Type === "Panorama" || item.Type === "VirtualLocation") ? item.Data?.id : undefined;
  return typeof room === "string" ? `/demo/${room}` : "/demo/start";
}
