/** An event restricted by whitelist: a person not on it sees Access Denied. */
import { afterEach, expect, it } from "vitest";
import { api, DEMO_ADMIN, DEMO_ATTENDEE, demoEventID, expectAccessible, logIn, url, withBrowser } from "./support";

async function adminToken(): Promise<string> {
  const { json } = await api<{ Reason: number; Token: string }>("POST", "/loginadmin", { LoginEMail: DEMO_ADMIN.email, Password: DEMO_ADMIN.password });
  expect(json.Reason).toBe(7);
  return json.Token;
}

async function setWhitelist(entries: string[]): Promise<void> {
  const { status } = await api("PUT", `/events/${await demoEventID()}/email-whitelist`, { Entries: entries }, await adminToken());
  expect(status).toBeLessThan(300);
}

afterEach(async () => {
  await setWhitelist([]);
});

it("refuses a person who is not on the whitelist with Access Denied", async () => {
  await setWhitelist(["someone-else@example.org"]);
  await withBrowser("whitelist", async (context) => {
    const page = await context.newPage();
    await page.goto(url("/demo/login"));
    await logIn(page, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/demo/access-denied");
    await expectAccessible(page, "access denied");
    await page.getByRole("link", { name: "Go to the events overview" }).click();
    await page.getByRole("heading", { name: "Events" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

it("signs out a signed-in person whose email leaves the whitelist", async () => {
  await withBrowser("whitelist-removal", async (context) => {
    const page = await context.newPage();
    await page.goto(url("/demo/login"));
    await logIn(page, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
    await page.getByRole("heading", { name: "Welcome to" }).waitFor();
    await setWhitelist(["someone-else@example.org"]);
    await page.goto(url("/demo/landing"));
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/demo/login");
  });
});
