/**
 * The venue frame holds its shape on every venue route with the chat sidebar open, on a laptop
 * (1366×800) and a phone (390×844): the top menu at the top, the bottom menu right above the
 * footer strip, which ends at the bottom of the viewport; the sidebar between the menus and inside
 * the viewport with its composer visible; the document itself never scrolls.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect, it } from "vitest";
import { artifactsDir } from "./global-setup";
import { DEMO_ATTENDEE, logIn, url, withBrowser } from "./support";

const SIZES = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
];

/** Every kind of venue route: rooms, a module target that is a room, module pages, content pages. */
const ROUTES = ["lobby", "auditorium", "expo", "faq", "helpdesk", "breakoutroom", "cinema", "engagement", "walloffame", "iframe", "page/welcome"];

/** A single strip: one line of footer links, not the wrapped block of the other pages. */
const FOOTER_MAX_HEIGHT = 48;

/** Layout boxes can land on half pixels: equal within one pixel. */
function expectNear(actual: number, expected: number, message: string): void {
  expect(Math.abs(actual - expected), `${message} (${actual} vs ${expected})`).toBeLessThanOrEqual(1);
}

async function box(locator: Locator, what: string) {
  const found = await locator.boundingBox();
  expect(found, `${what} is on the page`).not.toBeNull();
  return found ?? { x: 0, y: 0, width: 0, height: 0 };
}

/** Opens the chat sidebar from the top menu once the page (and a room's sidebar rules) settled. */
async function openChat(page: Page): Promise<Locator> {
  await page.locator("[data-room], [data-page]").first().waitFor({ timeout: 30_000 });
  const chat = page.getByRole("complementary", { name: "Chat" });
  if ((await chat.count()) === 0) {
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: /^Chat/ }).click();
  }
  await chat.getByRole("textbox").first().waitFor();
  return chat;
}

it("keeps menus, chat sidebar and footer in place on every venue route at laptop and phone size", { timeout: 300_000 }, async () => {
  await withBrowser("frame-layout", async (context) => {
    const page = await context.newPage();
    await page.setViewportSize(SIZES[0] ?? { width: 1366, height: 800 });
    await page.goto(url("/demo/login"));
    await logIn(page, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
    await page.locator("[data-room]").waitFor({ timeout: 30_000 });

    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const route of ROUTES) {
        const at = `/demo/${route} at ${size.width}×${size.height}`;
        await page.goto(url(`/demo/${route}`));
        const chat = await openChat(page);

        const top = await box(page.getByRole("navigation", { name: "Main menu" }), `${at}: top menu`);
        const bottom = await box(page.getByRole("navigation", { name: "More" }), `${at}: bottom menu`);
        const footer = await box(page.getByRole("contentinfo"), `${at}: footer`);
        const sidebar = await box(chat, `${at}: chat sidebar`);
        const composer = await box(chat.getByRole("textbox").first(), `${at}: chat composer`);
        const documentSize = await page.evaluate(() => ({
          height: document.documentElement.scrollHeight,
          width: document.documentElement.scrollWidth,
        }));

        expect(documentSize.height, `${at}: the document does not scroll`).toBeLessThanOrEqual(size.height);
        expect(documentSize.width, `${at}: no sideways scroll`).toBeLessThanOrEqual(size.width);
        expectNear(top.y, 0, `${at}: top menu at the top`);
        expectNear(footer.y + footer.height, size.height, `${at}: footer ends at the bottom of the viewport`);
        expect(footer.height, `${at}: footer is one strip`).toBeLessThanOrEqual(FOOTER_MAX_HEIGHT);
        expectNear(bottom.y + bottom.height, footer.y, `${at}: bottom menu right above the footer`);
        expect(sidebar.y, `${at}: sidebar starts below the top menu`).toBeGreaterThanOrEqual(top.y + top.height - 1);
        expectNear(sidebar.y + sidebar.height, bottom.y, `${at}: sidebar reaches the bottom menu, no further`);
        expect(sidebar.x, `${at}: sidebar inside the viewport (left)`).toBeGreaterThanOrEqual(0);
        expect(sidebar.x + sidebar.width, `${at}: sidebar inside the viewport (right)`).toBeLessThanOrEqual(size.width + 1);
        expect(composer.y + composer.height, `${at}: composer visible in the sidebar`).toBeLessThanOrEqual(sidebar.y + sidebar.height + 1);
        expect(composer.y, `${at}: composer below the sidebar's top`).toBeGreaterThanOrEqual(sidebar.y);
      }
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: join(artifactsDir, `frame-layout-${size.width}.png`) });
    }
  });
});
