/**
 * The platform side of the console, as the demo's master admin uses it: create a customer, whose
 * first admin follows the mailed link, chooses a password and signs in to the console; then
 * approve the demo's pending event request for that customer, whose admin then finds the new
 * event in their console.
 */
import { expect, it } from "vitest";
import { api, expectAccessible, logIn, readMail, uniqueEmail, url, withBrowser } from "./support";

const MASTER = { email: "master@demo.venuely.example", password: "demo-master-pass" };
const NEW_PASSWORD = "Harbour-lights-at-dusk-42";

it("creates a customer whose invited admin sets a password, and approves an event request for it", async () => {
  const adminEmail = uniqueEmail("customer-admin");
  const customerName = `Northwind Events ${adminEmail.slice(0, 6)}`;
  await withBrowser("customers", async (context) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(url("/manage/login"));
    await logIn(page, MASTER.email, MASTER.password);
    await page.getByRole("link", { name: "Customers", exact: true }).click();
    await page.getByRole("link", { name: "New customer" }).click();
    await page.getByLabel("Name", { exact: true }).fill(customerName);
    await page.getByLabel("Email address").fill(adminEmail);
    await page.getByLabel("First name").fill("Nora");
    await page.getByLabel("Last name").fill("Northwind");
    await page.getByRole("button", { name: "Create customer and invite" }).click();
    await page.getByText(`Invitation sent to ${adminEmail}`).waitFor();
    await expectAccessible(page, "customer created");

    // The demo's pending request, approved for the new customer.
    await page.getByRole("link", { name: "Event requests", exact: true }).click();
    await page.getByText("Open Source Community Summit").first().waitFor();
    await page.getByRole("button", { name: "Approve" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Customer", { exact: true }).selectOption({ label: customerName });
    await dialog.getByRole("button", { name: "Approve and create the event" }).click();
    await page.locator("#console-main").getByText(/was approved and its event created/).waitFor();
    await expectAccessible(page, "event requests");
  });

  // The invited admin, in a browser of their own: the mailed link, a password, the console.
  const mail = await readMail(adminEmail);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/manage\/set-password\?[^\s"<>]+)/.exec(mail)?.[1];
  expect(link, "a set-password link in the invitation").toBeTruthy();
  await withBrowser("customers-invited", async (context) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto((link ?? "").replace(/&amp;/g, "&"));
    await page.getByRole("heading", { name: "Choose your password" }).waitFor();
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set password" }).click();
    await page.waitForURL((u) => u.pathname === "/manage/login");
    await logIn(page, adminEmail, NEW_PASSWORD);
    // Their customer's events: the one the approval created.
    await page.getByRole("link", { name: "Open Source Community Summit" }).waitFor();
    await page.getByRole("link", { name: "Customers", exact: true }).click();
    await page.getByRole("link", { name: customerName }).waitFor();
  });
  const event = await api<{ EventID: string; CustomerID: string }>("GET", "/events/name/oss-summit/metadata");
  expect(event.status, "the approved request's event exists").toBe(200);
});
