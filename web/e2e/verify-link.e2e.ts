/** Verification by the mailed link (/password-confirmation), and login before verifying. */
import { expect, it } from "vitest";
import { api, demoEventID, logIn, readMail, uniqueEmail, url, withBrowser } from "./support";

it("asks an unverified person to verify, and verifies by the mailed link", async () => {
  const email = uniqueEmail("link");
  const password = "a long enough password 3";
  const { json } = await api<{ Reason: number }>("POST", `/registernewaccount?EventID=${await demoEventID()}`, {
    FirstName: "Lin",
    LastName: "K",
    LoginEMail: email,
    Password: password,
    Language: "en",
  });
  expect(json.Reason).toBe(10);
  await withBrowser("verify-link", async (context) => {
    const page = await context.newPage();
    await page.goto(url("/demo/login"));
    await logIn(page, email, password);
    await page.getByRole("heading", { name: "Verify your email address" }).waitFor();
    await page.getByText("Please verify your email address first.").waitFor();

    const mail = await readMail(email);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/demo\/password-confirmation\?[^\s"<>]+)/.exec(mail)?.[1];
    expect(link, "a confirmation link in the mail").toBeTruthy();
    await page.goto((link ?? "").replace(/&amp;/g, "&"));
    await page.getByRole("heading", { name: "Email address verified" }).waitFor();
    await page.getByRole("link", { name: "Go to login" }).click();
    await logIn(page, email, password);
    await page.getByRole("heading", { name: "Welcome to" }).waitFor();
  });
});
