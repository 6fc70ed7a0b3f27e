/** Tabs share the token: a new tab starts signed in, and signing out in one signs out the other. */
import { expect, it } from "vitest";
import { DEMO_ATTENDEE, logIn, url, withBrowser } from "./support";

it("signs out every tab when one signs out", async () => {
  await withBrowser("tabs", async (context) => {
    const first = await context.newPage();
    await first.goto(url("/demo/login"));
    await logIn(first, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
    await first.getByRole("heading", { name: "Welcome to" }).waitFor();

    const second = await context.newPage();
    await second.goto(url("/demo/landing"));
    await second.getByRole("heading", { level: 1, name: "Welcome to the Venuely Demo Conference" }).waitFor();

    await first.getByRole("link", { name: "Sign out" }).click();
    await first.getByRole("heading", { name: "Log in" }).waitFor();
    await second.getByRole("heading", { name: "Log in" }).waitFor();
    expect(new URL(second.url()).pathname).toBe("/demo/login");
    expect(await second.evaluate(() => Object.keys(window.sessionStorage).filter((k) => k.startsWith("jwt_")))).toEqual([]);
  });
});
