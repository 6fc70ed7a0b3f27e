/**
 * Finding people in chat, in two browsers: the demo attendee opens the chat's People view,
 * finds a newly registered attendee by name, presses "Message" and writes; the other attendee,
 * whose chat is open, sees the direct chat appear and the message arrive live. axe on the People
 * view and on the direct chat.
 */
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { expect, it } from "vitest";
import { api, DEMO_ATTENDEE, demoEventID, logIn, readMail, uniqueEmail, url, withBrowser } from "./support";

const PASSWORD = "people-directory-pass-1";

/** An attendee with a name no one else in the demo has, registered and verified over the API. */
async function registerNamed(first: string, last: string): Promise<string> {
  const email = uniqueEmail("people");
  const registered = await api<{ Reason: number }>("POST", `/registernewaccount?EventID=${await demoEventID()}`, {
    FirstName: first,
    LastName: last,
    LoginEMail: email,
    Password: PASSWORD,
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(200);
  const code = /:\s*(\d{6})\b/.exec(await readMail(email))?.[1] ?? "";
  const confirmed = await api<{ Reason: number }>("POST", `/confirmemailaddress?loginEMail=${encodeURIComponent(email)}&token=${code}`);
  expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
  return email;
}

const chatMenu = (page: Page) => page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: /^Chat/ });
const chatPanel = (page: Page) => page.getByRole("region", { name: "Chat", exact: true });

async function openChat(context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url("/demo/login"));
  await logIn(page, email, password);
  await chatMenu(page).waitFor({ timeout: 30_000 });
  await chatMenu(page).click();
  await chatPanel(page).getByRole("tab", { name: "Chats" }).waitFor();
  return page;
}

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

async function expectChatAccessible(page: Page, label: string): Promise<void> {
  await page.addScriptTag({ path: axePath });
  const serious = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: unknown) => Promise<Result> } }).axe;
    const result = await axe.run({ include: [[".chat"]] });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({ id: v.id, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  expect(serious, `${label}: ${JSON.stringify(serious, null, 1)}`).toEqual([]);
}

it("an attendee finds another by name in People, messages them, and the message arrives live", async () => {
  const last = `Finder${Date.now().toString(36)}`;
  const bea = { name: `Bea ${last}`, email: await registerNamed("Bea", last) };

  await withBrowser("people-a", async (contextA) => {
    await withBrowser("people-b", async (contextB) => {
      const alex = await openChat(contextA, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
      const beaPage = await openChat(contextB, bea.email, PASSWORD);
      const beaRooms = chatPanel(beaPage).getByRole("navigation", { name: "Chat rooms" });
      await beaRooms.waitFor();

      // Alex: People → search by (part of) the name → one result, without Alex themself.
      await chatPanel(alex).getByRole("tab", { name: "People" }).click();
      await chatPanel(alex).getByRole("searchbox", { name: "Search people by name" }).fill(last.toLowerCase());
      const results = chatPanel(alex).getByRole("list", { name: "People found" });
      // The unfiltered list (everybody) is there first; the search narrows it after the pause.
      await expect.poll(() => results.getByRole("listitem").count(), { timeout: 15_000 }).toBe(1);
      await results.getByText(bea.name).waitFor();
      await expectChatAccessible(alex, "people view");

      await results.getByRole("button", { name: `Message ${bea.name}` }).click();
      // The direct chat opens in the Chats view, named after Bea.
      await chatPanel(alex).getByRole("heading", { name: bea.name }).waitFor({ timeout: 15_000 });
      expect(await chatPanel(alex).getByRole("tab", { name: "Chats" }).getAttribute("aria-selected")).toBe("true");

      // Bea's open chat learns about the new room over the socket; she opens it before Alex writes.
      await beaRooms.getByRole("button", { name: /Alex Attendee/ }).click();
      await chatPanel(beaPage).getByRole("heading", { name: "Alex Attendee" }).waitFor();

      const text = `Found you in People ${Math.random().toString(36).slice(2, 8)}`;
      const box = chatPanel(alex).getByLabel(`Message to ${bea.name}`);
      await box.fill(text);
      await box.press("Enter");
      await chatPanel(alex).locator(".chat-message__text", { hasText: text }).waitFor();

      await chatPanel(beaPage).locator(".chat-message__text", { hasText: text }).waitFor({ timeout: 15_000 });
      await expectChatAccessible(beaPage, "direct chat");
    });
  });
});
