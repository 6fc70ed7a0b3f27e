/** The attendee's first minutes: sign up, verify by code, log in, land in the event; then reset. */
import { expect, it } from "vitest";
import { expectAccessible, expectedLanding, fillStable, logIn, readMail, uniqueEmail, url, withBrowser } from "./support";

it("signs up, verifies the email by code, logs in and lands on HomeStart; resets the password", async () => {
  const email = uniqueEmail("signup");
  const password = "a long enough password 1";
  await withBrowser("signup", async (context) => {
    const page = await context.newPage();
    await page.goto(url("/demo/sign-up"));
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    await expectAccessible(page, "sign-up");

    // The form validates before sending, with the spec's texts.
    await page.getByRole("button", { name: "Sign up" }).click();
    for (const text of ["First name is required", "Last name is required", "Please enter a valid email address", "Please agree to the terms of use and the privacy policy"]) {
      await page.getByText(text).waitFor();
    }
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill("something else entirely");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Sign up" }).click();

    await page.getByRole("heading", { name: "Verify your email address" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/demo/verify-email");
    await expectAccessible(page, "verify-email");
    const mail = await readMail(email);
    const code = /:\s*(\d{6})\b/.exec(mail)?.[1];
    expect(code, "a 6-digit code in the mail").toBeTruthy();

    await page.getByLabel("Verification code").fill("000000" === code ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("This code or link is not valid or has expired.").waitFor();
    await page.getByLabel("Verification code").fill(code ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { name: "Email address verified" }).waitFor();
    await page.getByRole("status").filter({ hasText: "Email address verified" }).first().waitFor();

    await page.getByRole("link", { name: "Go to login" }).click();
    await logIn(page, email, password);
    await page.getByRole("heading", { name: "Welcome to" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(await expectedLanding(page));
    // The venue shows no name badge: check the session's token belongs to the new account.
    const signedIn = await page.evaluate(async () => {
      const key = Object.keys(window.sessionStorage).find((k) => k.startsWith("jwt_")) ?? "";
      const token = window.sessionStorage.getItem(key) ?? "";
      const claims = JSON.parse(atob((token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/"))) as { person_id: string; event_id: string };
      const response = await fetch(`/api/v1/persons/${claims.person_id}?EventID=${claims.event_id}`, { headers: { Authorization: `Bearer ${token}` } });
      return (await response.json()) as { FirstName?: string; LastName?: string };
    });
    expect([signedIn.FirstName, signedIn.LastName]).toEqual(["Grace", "Hopper"]);

    // Forgot password → reset-link-sent → the mailed link → new password → log in with it.
    await page.getByRole("link", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await fillStable(page, "Email address", email);
    await page.getByRole("button", { name: "Send link" }).click();
    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    await expectAccessible(page, "reset-link-sent");
    const resetMail = await readMail(email, /password-reset/);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/demo\/password-reset\?[^\s"<>]+)/.exec(resetMail)?.[1];
    expect(link, "a reset link in the mail").toBeTruthy();
    await page.goto((link ?? "").replace(/&amp;/g, "&"));
    await page.getByRole("heading", { name: "Set a new password" }).waitFor();
    await expectAccessible(page, "new-password");
    const newPassword = "another long password 2";
    await page.getByLabel("New password").fill("short");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByText("The password must be at least 12 characters long").waitFor();
    await page.getByLabel("New password").fill(newPassword);
    await page.getByLabel("Confirm password").fill(newPassword);
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    await logIn(page, email, newPassword);
    await page.getByRole("heading", { name: "Welcome to" }).waitFor();

    // The used link now shows the expired-link variant.
    await page.getByRole("link", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    await page.goto((link ?? "").replace(/&amp;/g, "&"));
    await page.getByLabel("New password").fill(newPassword + "x");
    await page.getByLabel("Confirm password").fill(newPassword + "x");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByRole("heading", { name: "Password Reset Link Expired" }).waitFor();
    await expectAccessible(page, "expired-link");
  });
});
