/** Login, guard, language, cookie consent and the public pages, against the demo event. */
import { expect, it } from "vitest";
import { DEMO_ATTENDEE, expectAccessible, expectedLanding, logIn, uniqueEmail, url, withBrowser } from "./support";

it("shows the wrong-password message and validation texts", async () => {
  await withBrowser("wrong-password", async (context) => {
    const page = await context.newPage();
    await page.goto(url("/demo/login"));
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    await expectAccessible(page, "login");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByText("Please enter a password").waitFor();
    expect(await page.getByLabel("Email address").evaluate((el) => el === document.activeElement)).toBe(true);
    await logIn(page, uniqueEmail("nobody"), "not the password at all");
    await page.getByText("Check your email/password and try again").waitFor();
    expect(new URL(page.url()).pathname).toBe("/demo/login");
  });
});

it("guards a page, then returns to it after login (paths case-insensitive)", async () => {
  await withBrowser("guard", async (context) => {
    const page = await context.newPage();
    await page.goto(url("/DEMO/Landing?id=abc"));
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/DEMO/login");
    expect(await page.evaluate(() => window.sessionStorage.getItem("meta_router_route"))).toBe("/Landing");
    await logIn(page, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
    await page.getByRole("heading", { level: 1, name: "Welcome to the Venuely Demo Conference" }).waitFor();
    const target = new URL(page.url());
    expect(target.pathname).toBe("/DEMO/Landing");
    expect(target.searchParams.get("id")).toBe("abc");
    const eventID = await page.evaluate(() => Object.keys(window.sessionStorage).find((k) => k.startsWith("jwt_")));
    expect(eventID).toMatch(/^jwt_[0-9a-f]{24}$/);
    // Login with a token goes straight on.
    await page.goto(url("/demo/login"));
    await page.getByRole("heading", { name: "Welcome to" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(await expectedLanding(page));
  });
});

it("switches the language and keeps the choice", async () => {
  await withBrowser("language", async (context) => {
    const page = await context.newPage();
    await page.goto(url("/demo/login"));
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    await page.getByLabel("Language").selectOption("de");
    await page.getByRole("heading", { name: "Anmelden" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.getByText("Bitte gib eine gültige E-Mail-Adresse ein").waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Anmelden" }).waitFor();
    await page.getByLabel("Sprache").selectOption("es");
    await page.getByRole("heading", { name: "Iniciar sesión" }).waitFor();
  });
});

it("starts in German for a browser language other than en/de/it/fr", async () => {
  await withBrowser("locale-default", async (context) => {
    const page = await context.newPage();
    await page.goto(url("/demo/login"));
    await page.getByRole("heading", { name: "Anmelden" }).waitFor();
  }, { locale: "pt-BR" });
});

it("asks for cookie consent once and keeps the saved choice", async () => {
  await withBrowser("consent", async (context) => {
    const page = await context.newPage();
    await page.goto(url("/demo/login"));
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await dialog.waitFor();
    await expectAccessible(page, "cookie modal");
    expect(await dialog.getByRole("switch", { name: /Strictly necessary/ }).isDisabled()).toBe(true);
    expect(await dialog.getByRole("switch", { name: /Strictly necessary/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole("switch", { name: /Functional/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole("switch", { name: /Statistics/ }).isChecked()).toBe(true);
    await dialog.getByRole("switch", { name: /Statistics/ }).uncheck();
    await dialog.getByRole("button", { name: "Save preferences" }).click();
    await page.getByText("Your cookie preferences are saved.").waitFor();
    await dialog.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.getByRole("button", { name: "Cookie settings" }).click();
    expect(await dialog.getByRole("switch", { name: /Statistics/ }).isChecked()).toBe(false);
    expect(await dialog.getByRole("switch", { name: /Functional/ }).isChecked()).toBe(true);
  }, { consent: false });
});

it("serves the public pages: overview, policies, not found, access denied", async () => {
  await withBrowser("public-pages", async (context) => {
    const page = await context.newPage();
    await page.goto(url("/"));
    await page.getByRole("heading", { name: "Events" }).waitFor();
    await expectAccessible(page, "events overview");
    await page.getByRole("link", { name: "Imprint" }).click();
    await page.getByRole("heading", { name: "Imprint" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/policies/imprint");
    await page.goto(url("/policies/privacy_policy"));
    await page.getByRole("heading", { name: "Privacy policy" }).waitFor();
    await page.goto(url("/no-such-event/login"));
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await expectAccessible(page, "not found");
    await page.goto(url("/demo/forgot-password"));
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await expectAccessible(page, "forgot password");
    await page.goto(url("/demo/access-denied"));
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await expectAccessible(page, "access denied");
    await page.goto(url("/demo/password-reset?token=bogus&loginEMail=x%40example.org"));
    await page.getByRole("heading", { name: "Set a new password" }).waitFor();
    await page.goto(url("/demo/password-reset"));
    await page.getByRole("heading", { name: "Password Reset Link Expired" }).waitFor();
  });
});
