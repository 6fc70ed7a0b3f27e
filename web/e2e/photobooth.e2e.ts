/**
 * The photobooth from the venue: a booth embedded in the venue (here an iframe of the booth's
 * origin; nothing leaves the machine, the booth's and a stranger's pages are served by route
 * handlers) posts its configured text and the booth's popup opens with the link the server
 * signed; the same text from a foreign origin changes nothing.
 */
import { createHash } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { expect, it } from "vitest";
import { api, DEMO_ADMIN, DEMO_ATTENDEE, demoEventID, expectAccessible, logIn, url, withBrowser } from "./support";

const BOOTH = "https://booth.example.com";
const STRANGER = "https://stranger.example.net";
const TEXT = "venuely:open-booth";
const SLUG = "e2e-booth";
const KEY = "e2e-booth-key";

/** A page that posts the booth's text to the window that frames it, as an embedded booth does. */
const POSTER = `<!doctype html><title>booth</title><script>parent.postMessage(${JSON.stringify(TEXT)}, "*");</script>`;

async function serveBooths(context: BrowserContext): Promise<void> {
  for (const origin of [BOOTH, STRANGER]) {
    await context.route(`${origin}/**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: POSTER }));
  }
}

async function embed(page: Page, src: string): Promise<void> {
  await page.evaluate((frameSrc) => {
    const frame = document.createElement("iframe");
    frame.src = frameSrc;
    frame.title = "Embedded booth";
    document.body.append(frame);
  }, src);
}

it("a message from the booth's origin opens its signed popup; a stranger's is ignored", async () => {
  const eventID = await demoEventID();
  const { json: admin } = await api<{ Token: string }>("POST", "/loginadmin", { LoginEMail: DEMO_ADMIN.email, Password: DEMO_ADMIN.password });
  const saved = await api("PUT", `/events/${eventID}/photobooth`, {
    Slug: SLUG,
    Domain: "booth.example.com",
    APIKey: KEY,
    ExpectPostMessage: true,
    PostMessageText: TEXT,
    PostMessageDomain: BOOTH,
    OnClickOpenPopup: true,
  }, admin.Token);
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);

  await withBrowser("photobooth", async (context) => {
    await serveBooths(context);
    const page = await context.newPage();
    await page.goto(url("/demo/login"));
    await logIn(page, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
    await page.locator("[data-room]").waitFor({ timeout: 30_000 });

    // The stranger's page posts the very same text: no popup, no notice.
    let opened = 0;
    context.on("page", () => void (opened += 1));
    await embed(page, `${STRANGER}/embed`);
    await page.frameLocator('iframe[src^="https://stranger"]').locator("title").waitFor({ state: "attached" });
    await page.waitForTimeout(1500);
    expect(opened).toBe(0);
    expect(await page.locator(".booth-offer").count()).toBe(0);

    // The booth's own page: its popup opens (or, where the browser blocks popups that no click
    // asked for, the notice offers it behind a button).
    const popup = context.waitForEvent("page", { timeout: 15_000 });
    await embed(page, `${BOOTH}/embed`);
    const offer = page.locator(".booth-offer");
    const first = await Promise.race([popup.then(() => "popup" as const), offer.waitFor({ timeout: 15_000 }).then(() => "offer" as const)]);
    if (first === "offer") {
      await expectAccessible(page, "photobooth notice");
      await offer.getByRole("button", { name: "Open the photobooth" }).click();
    }
    const booth = await popup;
    const link = new URL(booth.url());
    expect(link.origin + link.pathname).toBe(`${BOOTH}/${SLUG}`);
    const email = link.searchParams.get("email") ?? "";
    expect(email).not.toBe("");
    expect(link.searchParams.get("signature")).toBe(createHash("sha256").update(`${SLUG}${email}${KEY}`).digest("hex"));
    expect(link.searchParams.get("name")).not.toBe("");
  });
});
