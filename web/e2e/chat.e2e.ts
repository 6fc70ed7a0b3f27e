/**
 * Chat in the browser, through the real venue UI: two attendees in the broadcast room, a direct
 * chat with unread badge and read receipt, an XSS corpus that must stay inert, and a server
 * restart in the middle of a chat after which nothing is lost or doubled.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { artifactsDir } from "./global-setup";
import { createRequire } from "node:module";
import { DEMO_ATTENDEE, readMail, uniqueEmail, withBrowser } from "./support";

const PASSWORD = "a long enough chat password 7";

interface Site {
  base: string;
  dataDir: string;
}

const sharedSite = (): Site => ({ base: inject("baseURL"), dataDir: inject("dataDir") });

async function call<T>(site: Site, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: T }> {
  const response = await fetch(`${site.base}/api/v1${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

async function eventID(site: Site): Promise<string> {
  return (await call<{ EventID: string }>(site, "GET", "/events/name/demo/metadata")).json.EventID;
}

interface Person {
  email: string;
  password: string;
  name: string;
  id: string;
  token: string;
}

function personIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { person_id: string };
  return payload.person_id;
}

async function login(site: Site, email: string, password: string): Promise<{ token: string; id: string }> {
  const { json } = await call<{ Reason: number; Token: string }>(site, "POST", `/login?EventID=${await eventID(site)}`, { LoginEMail: email, Password: password });
  expect(json.Reason, `login of ${email}`).toBe(7);
  return { token: json.Token, id: personIdOf(json.Token) };
}

/** A second attendee, registered and verified through the API like the sign-up page does. */
async function registerAttendee(site: Site, first: string, last: string): Promise<Person> {
  const email = uniqueEmail(first.toLowerCase());
  const event = await eventID(site);
  const registered = await call<{ Reason: number }>(site, "POST", `/registernewaccount?EventID=${event}`, {
    FirstName: first,
    LastName: last,
    LoginEMail: email,
    Password: PASSWORD,
  });
  expect(registered.json.Reason).toBe(10);
  const code = /:\s*(\d{6})\b/.exec(await readMailIn(site, email))?.[1] ?? "";
  const confirmed = await call<{ Reason: number }>(
    site,
    "POST",
    `/confirmemailaddress?loginEMail=${encodeURIComponent(email)}&token=${code}`,
  );
  expect(confirmed.json.Reason).toBe(7);
  const { token, id } = await login(site, email, PASSWORD);
  return { email, password: PASSWORD, name: `${first} ${last}`, id, token };
}

async function readMailIn(site: Site, email: string): Promise<string> {
  if (site.dataDir === inject("dataDir")) return readMail(email);
  // our own server writes its mail into its own data dir
  const { readdirSync, readFileSync } = await import("node:fs");
  for (let i = 0; i < 100; i++) {
    const dir = join(site.dataDir, "mail");
    let files: string[];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
    } catch {
      files = [];
    }
    for (const file of files) {
      const raw = readFileSync(join(dir, file), "utf8");
      if (raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)) return raw.replace(/=\r?\n/g, "");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${email}`);
}

async function signIn(site: Site, context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${site.base}/demo/login`);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await chatMenu(page).waitFor({ timeout: 30_000 });
  return page;
}

const chatMenu = (page: Page) => page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: /^Chat/ });
const chatPanel = (page: Page) => page.getByRole("region", { name: "Chat", exact: true });
const messageList = (page: Page) => chatPanel(page).locator(".chat-room__list");
const messageText = (page: Page, text: string) => messageList(page).locator(".chat-message__text", { hasText: text });

async function openChat(page: Page): Promise<void> {
  if (!(await chatPanel(page).isVisible())) await chatMenu(page).click();
  await chatPanel(page).getByRole("navigation", { name: "Chat rooms" }).waitFor();
}

async function send(page: Page, room: string, text: string): Promise<void> {
  const box = chatPanel(page).getByLabel(`Message to ${room}`);
  await box.fill(text);
  await box.press("Enter");
}

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe-core on the chat panel only (the venue around it has its own tests). */
async function expectChatAccessible(page: Page): Promise<void> {
  await page.addScriptTag({ path: axePath });
  const serious = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: unknown) => Promise<Result> } }).axe;
    const result = await axe.run({ include: [[".chat"]] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  expect(serious, JSON.stringify(serious, null, 1)).toEqual([]);
}

const tag = () => Math.random().toString(36).slice(2, 8);

it("two attendees chat in the broadcast room in real time; unread badge; XSS stays inert", async () => {
  const site = sharedSite();
  const bob = await registerAttendee(site, "Bob", "Builder");
  await withBrowser("chat-broadcast-a", async (contextA) => {
    await withBrowser("chat-broadcast-b", async (contextB) => {
      const alice = await signIn(site, contextA, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
      const bobPage = await signIn(site, contextB, bob.email, bob.password);
      const dialogs: string[] = [];
      for (const page of [alice, bobPage]) page.on("dialog", (d) => void d.dismiss().then(() => dialogs.push(d.message())));

      await openChat(alice);
      await expectChatAccessible(alice);
      const hello = `hello from the demo attendee ${tag()}`;
      await send(alice, "Everyone", hello);
      await messageText(alice, hello).waitFor();

      // Bob has the chat closed: the menu shows the unread count, then opening it reads it.
      await chatMenu(bobPage).getByLabel(/unread/).waitFor({ timeout: 15_000 });
      await openChat(bobPage);
      await messageText(bobPage, hello).waitFor();
      await expect.poll(() => chatMenu(bobPage).getByLabel(/unread/).count(), { timeout: 10_000 }).toBe(0);

      const reply = `hi back :fire: ${tag()}`;
      await send(bobPage, "Everyone", reply);
      await messageText(alice, reply.replace(":fire:", "🔥")).waitFor();

      const corpus = [
        "<script>window.__xss = 1</script>",
        '<img src=x onerror="window.__xss=1">',
        "[click me](javascript:window.__xss=1)",
        '"><svg onload=window.__xss=1>',
        "<a href=\"javascript:window.__xss=1\">link</a>",
        "[ok](https://example.org/safe)",
      ].map((t) => `${t} ${tag()}`);
      for (const text of corpus) await send(bobPage, "Everyone", text);
      for (const text of corpus.slice(0, 5)) await messageText(alice, text).waitFor();
      const last = corpus.at(-1) ?? "";
      await messageList(alice).getByRole("link", { name: "ok" }).last().waitFor();
      expect(last).toContain("[ok]");

      for (const page of [alice, bobPage]) {
        const inert = await page.evaluate(() => ({
          xss: (window as unknown as { __xss?: number }).__xss,
          injected: document.querySelectorAll(".chat-room__list script, .chat-room__list img, .chat-room__list svg, .chat-room__list iframe").length,
          jsLinks: [...document.querySelectorAll(".chat-room__list a")].filter((a) => !/^(https?|mailto):/.test(a.getAttribute("href") ?? "")).length,
          rels: [...document.querySelectorAll(".chat-room__list a")].map((a) => a.getAttribute("rel")),
        }));
        expect(inert.xss).toBeUndefined();
        expect(inert.injected).toBe(0);
        expect(inert.jsLinks).toBe(0);
        for (const rel of inert.rels) expect(rel).toBe("noopener noreferrer");
      }
      expect(dialogs).toEqual([]);
    });
  });
});

it("opens a direct chat by its route; the invitee sees it unread; the sender sees it read", async () => {
  const site = sharedSite();
  const carol = await registerAttendee(site, "Carol", "Direct");
  await withBrowser("chat-direct-a", async (contextA) => {
    await withBrowser("chat-direct-c", async (contextC) => {
      const alice = await signIn(site, contextA, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
      const carolPage = await signIn(site, contextC, carol.email, carol.password);

      // The route remembers the target, returns to the previous page and opens the chat there.
      await alice.goto(`${site.base}/demo/chat/direct/${carol.id}`);
      await chatPanel(alice).getByRole("heading", { name: carol.name }).waitFor({ timeout: 20_000 });
      expect(new URL(alice.url()).pathname).not.toContain("/chat/direct/");
      expect(await alice.evaluate(() => window.sessionStorage.getItem("chat_route_target"))).toBeNull();

      const text = `a private hello ${tag()}`;
      await send(alice, carol.name, text);
      await messageText(alice, text).waitFor();

      await chatMenu(carolPage).getByLabel(/unread/).waitFor({ timeout: 15_000 });
      await openChat(carolPage);
      // the new direct room is the one with an unread badge
      await chatPanel(carolPage).locator(".chat-rooms__item", { has: carolPage.locator(".chat-badge") }).first().click();
      await messageText(carolPage, text).waitFor();

      // Carol's receipt reaches the sender about 2 s after she read it.
      await alice.locator(".chat-message--mine .chat-message__read", { hasText: "Read" }).last().waitFor({ timeout: 15_000 });
    });
  });
});

// -- a server of our own, restarted mid-chat -------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? ok(address.port) : fail(new Error("no port"))));
    });
  });
}

class OwnServer {
  private process: ChildProcess | null = null;
  readonly site: Site;
  private readonly env: NodeJS.ProcessEnv;
  private readonly bin: string;

  constructor(
    readonly port: number,
    dataDir: string,
  ) {
    const webDir = resolve(import.meta.dirname, "..");
    this.bin = process.env.VENUELY_BIN ?? resolve(webDir, "..", ".venv", "bin", "venuely");
    this.site = { base: `http://127.0.0.1:${port}`, dataDir };
    this.env = {
      ...process.env,
      VENUELY_ENV: "dev",
      VENUELY_DATA_DIR: dataDir,
      VENUELY_PUBLIC_URL: this.site.base,
      VENUELY_WEB_DIST: join(webDir, "dist"),
      VENUELY_LOG_FORMAT: "console",
    };
    delete this.env.VENUELY_DATABASE_URL;
    delete this.env.VENUELY_SMTP_HOST;
    delete this.env.VENUELY_REDIS_URL;
  }

  seed(): void {
    execFileSync(this.bin, ["migrate"], { env: this.env, stdio: "ignore" });
    execFileSync(this.bin, ["demo"], { env: this.env, stdio: "ignore" });
  }

  async start(): Promise<void> {
    const child = spawn(this.bin, ["serve", "--host", "127.0.0.1", "--port", String(this.port)], { env: this.env, stdio: ["ignore", "pipe", "pipe"] });
    const log = createWriteStream(join(artifactsDir, "chat-restart-server.log"), { flags: "a" });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.process = child;
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) throw new Error(`own server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${this.site.base}/api/v1/backendversion`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("own server did not come up");
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

it("recovers from a server restart mid-chat and catches up without losing or doubling a message", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "venuely-chat-restart-"));
  const server = new OwnServer(await freePort(), dataDir);
  try {
    server.seed();
    await server.start();
    const site = server.site;
    const dave = await registerAttendee(site, "Dave", "Restart");
    const demo = await login(site, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
    await withBrowser("chat-restart-a", async (contextA) => {
      await withBrowser("chat-restart-d", async (contextD) => {
        const alice = await signIn(site, contextA, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
        const davePage = await signIn(site, contextD, dave.email, dave.password);
        await openChat(alice);
        await openChat(davePage);
        const before = `before the restart ${tag()}`;
        await send(alice, "Everyone", before);
        await messageText(davePage, before).waitFor();

        await server.stop();
        // Sent while the server is down: shown as pending, queued, delivered after reconnecting.
        const during = `during the outage ${tag()}`;
        await send(alice, "Everyone", during);
        await messageText(alice, during).waitFor();
        await alice.getByText("Reconnecting…").waitFor({ timeout: 15_000 });

        await server.start();
        // Written over REST right after the restart, before the pages have their sockets back:
        // they must fetch it when they reconnect (or poll).
        const events = await eventID(site);
        const rooms = await call<{ ID: string; InternalName: string }[]>(site, "GET", `/events/${events}/activities/chatrooms/attendees/${demo.id}`, undefined, demo.token);
        const broadcast = rooms.json.find((r) => r.InternalName === "broadcast")?.ID ?? "";
        const missed = `sent while the pages were away ${tag()}`;
        const posted = await call(site, "POST", `/events/${events}/chat-rooms/${broadcast}/chat-messages`, { TmpID: `e2e-${tag()}`, Text: missed }, demo.token);
        expect(posted.status).toBe(201);

        for (const page of [alice, davePage]) {
          for (const text of [before, during, missed]) {
            // The socket's back-off after refused reconnects reaches 30 s plus up to 50 % jitter
            // (web-chat.md), so catching up may take that long on a slow machine.
            await messageText(page, text).waitFor({ timeout: 60_000 });
          }
        }
        await expect.poll(() => alice.getByText("Reconnecting…").count(), { timeout: 30_000 }).toBe(0);
        // Still live after the restart.
        const after = `after the restart ${tag()}`;
        await send(davePage, "Everyone", after);
        await messageText(alice, after).waitFor({ timeout: 15_000 });
        for (const page of [alice, davePage]) {
          for (const text of [before, during, missed, after]) expect(await messageText(page, text).count(), text).toBe(1);
          expect(await page.locator(".chat-message--pending").count()).toBe(0);
        }
      });
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  // Seeding and starting a second server (twice) is slow on a shared machine.
}, 240_000);
