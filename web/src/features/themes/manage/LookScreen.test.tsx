import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, type Call } from "@/app/console/test-utils";
import { useNotifications } from "@/features/notifications";
import { initI18n } from "@/lib/i18n";
import { LookScreen } from "./LookScreen";
import { BRAND_ID, brand, CUSTOMER, level, themeServer, type ThemeServer } from "./look-test-server";

const region = (name: string) => screen.getByRole("region", { name });
const toasts = () => useNotifications.getState().items.map((n) => n.text);
const writes = (calls: Call[]) => calls.filter((c) => c.method !== "GET").map((c) => `${c.method} ${c.url.pathname}`);
const preview = () => screen.getByTestId("look-preview");
const cssVar = (name: string) => preview().style.getPropertyValue(name);

let server: ThemeServer;
let calls: Call[];

function serve(start: Parameters<typeof themeServer>[0] = null, globals?: Parameters<typeof themeServer>[1]) {
  server = themeServer(start, globals);
  calls = fakeServer(server.handle);
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LookScreen eventId="e1" />
    </QueryClientProvider>,
  );
}

/** The screen once loaded, and its first component's region. */
async function renderLoaded() {
  const { container } = renderScreen();
  const main = await screen.findByRole("region", { name: "Main colours and login box" });
  return { container, main };
}

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("LookScreen", { timeout: 20_000 }, () => {
  it("offers the server's keys per component, each showing what it inherits", async () => {
    serve();
    const { main } = await renderLoaded();
    expect(screen.getByRole("heading", { level: 2, name: "Look" })).toBeInTheDocument();
    const button = within(main).getByLabelText("Button colour");
    expect(button).toHaveValue("");
    expect(button).toHaveAttribute("placeholder", "#2b4c7e");
    expect(within(main).getByText("Inherited from the default theme: #2b4c7e.")).toBeInTheDocument();
    // The alpha rule: the box background's opacity is part of its colour's control.
    expect(within(main).getByLabelText("Opacity of Box background")).toHaveValue("92");
    expect(within(main).queryByLabelText(/box background alpha/i)).toBeNull();
    expect(within(main).getByText("Inherited from the default theme: #ffffff at 92% opacity.")).toBeInTheDocument();
    expect(within(region("Header and menu")).getByLabelText("Opacity of Background")).toHaveValue("100");
    expect(within(region("Chat")).getByLabelText("Others' messages")).toHaveAttribute("placeholder", "#f1f1f3");
    // The preview is painted with the attendee app's custom properties.
    expect(cssVar("--main-primary-color")).toBe("#2b4c7e");
    expect(cssVar("--main-box-background-color")).toBe("rgba(255, 255, 255, 0.92)");
    expect(screen.getByTestId("look-contrast")).toHaveTextContent("All text meets WCAG AA contrast (4.5:1).");
    expect(screen.getByText(/not based on a global theme/)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("the preview and the contrast warning follow typing before anything is saved", async () => {
    serve();
    const { main } = await renderLoaded();
    const user = userEvent.setup();
    await user.type(within(main).getByLabelText("Text"), "#777777");
    expect(cssVar("--main-text-color")).toBe("#777777");
    const contrast = screen.getByTestId("look-contrast");
    expect(contrast).toHaveTextContent("Main colours and login box: Text on Page background has a contrast of 4.13:1, below 4.5:1 (WCAG AA).");
    expect(contrast).toHaveTextContent("Text on Box background has a contrast of 4.45:1");
    // The opacity slider sets the alpha that the preview folds into the colour.
    fireEvent.change(within(main).getByLabelText("Opacity of Box background"), { target: { value: "40" } });
    expect(cssVar("--main-box-background-color")).toBe("rgba(255, 255, 255, 0.4)");
    // The login box moves by the offset as typed (in full, as on a wide screen).
    await user.type(within(main).getByLabelText("Login box offset"), "-20%");
    expect(screen.getByTestId("preview-box").style.transform).toBe("translateX(-20%)");
    expect(within(main).getByText("Unsaved changes")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("saves a component once however often submitted: the whole map, offset included", async () => {
    serve(level({ MainTheme: { radius: "4px" } }));
    const { main } = await renderLoaded();
    const user = userEvent.setup();
    fireEvent.change(within(main).getByLabelText("Pick Button colour"), { target: { value: "#112233" } });
    expect(within(main).getByLabelText("Button colour")).toHaveValue("#112233");
    await user.type(within(main).getByLabelText("Login box offset"), "15%");
    // A key some level set is offered too, with its key as the label.
    expect(within(main).getByLabelText("Radius")).toHaveValue("4px");
    const save = within(main).getByRole("button", { name: "Save Main colours and login box" });
    // Two clicks in one tick: the second must not send again.
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(toasts()).toContain("Main colours and login box: saved."));
    const puts = calls.filter((c) => c.method === "PUT");
    expect(puts).toHaveLength(1);
    expect(puts[0]?.url.pathname).toBe("/api/v1/events/e1/theme/MainTheme");
    expect(puts[0]?.body).toEqual({ primary_color: "#112233", login_box_x_offset: "15%", radius: "4px" });
    expect(within(main).queryByText("Unsaved changes")).toBeNull();
    expect(within(main).getByText("Set for this event. A reset returns to #2b4c7e (the default theme).")).toBeInTheDocument();
  });

  it("refuses bad input before sending, beside the field, and keeps it", async () => {
    serve();
    const { main } = await renderLoaded();
    const user = userEvent.setup();
    await user.type(within(main).getByLabelText("Button colour"), "blurple");
    await user.type(within(main).getByLabelText("Login box offset"), "70%");
    await user.click(within(main).getByRole("button", { name: "Add a key" }));
    await user.type(within(main).getByLabelText("Key"), "bad key");
    await user.click(within(main).getByRole("button", { name: /^Save/ }));
    const colour = within(main).getByLabelText("Button colour");
    expect(colour).toHaveAccessibleDescription(expect.stringContaining("Enter a colour, such as #2b4c7e"));
    expect(within(main).getByLabelText("Login box offset")).toHaveAccessibleDescription(expect.stringContaining("Enter a percentage from -50% to 50%."));
    expect(within(main).getByLabelText("Key")).toHaveAccessibleDescription(expect.stringContaining("Use 1 to 64 letters"));
    expect(within(main).getByLabelText("Value")).toHaveAccessibleDescription("Enter a value.");
    await waitFor(() => expect(document.activeElement).toBe(colour));
    expect(colour).toHaveValue("blurple");
    expect(writes(calls)).toEqual([]);
  });

  it("puts the server's refusal beside the key it names and keeps what was typed", async () => {
    serve();
    server.queue("PUT /api/v1/events/e1/theme/ChatTheme", {
      status: 422,
      body: { Error: { Code: "VALIDATION_ERROR", Message: "Invalid parameter text_color", Data: { Problems: [{ In: "body", Name: "text_color", Message: "…" }] } } },
    });
    await renderLoaded();
    const chat = region("Chat");
    const user = userEvent.setup();
    await user.type(within(chat).getByLabelText("Text"), "#000000");
    await user.click(within(chat).getByRole("button", { name: "Save Chat" }));
    await waitFor(() => expect(within(chat).getByLabelText("Text")).toHaveAccessibleDescription(expect.stringContaining("entries are not valid")));
    expect(within(chat).getByLabelText("Text")).toHaveValue("#000000");
    expect(toasts()).toEqual([]);
  });

  it("resets a component only after asking, saying what it returns to", async () => {
    serve(level({ BaseThemeID: BRAND_ID, HeaderTheme: { text_color: "#ffffff", background_color: "#000000" } }));
    await renderLoaded();
    const header = region("Header and menu");
    expect(within(header).getByLabelText("Text")).toHaveValue("#ffffff");
    const user = userEvent.setup();
    await user.click(within(header).getByRole("button", { name: "Reset Header and menu" }));
    const dialog = screen.getByRole("alertdialog", { name: "Reset Header and menu?" });
    expect(dialog).toHaveTextContent("the values of the global theme “Brand”");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(writes(calls)).toEqual([]);
    await user.click(within(header).getByRole("button", { name: "Reset Header and menu" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Reset" }));
    await waitFor(() => expect(within(header).getByLabelText("Text")).toHaveValue(""));
    expect(writes(calls)).toEqual(["PUT /api/v1/events/e1/theme/HeaderTheme/reset"]);
    // Inherited from the global theme the event is based on, over the default.
    expect(within(header).getByText("Inherited from the global theme “Brand”: #111111.")).toBeInTheDocument();
    expect(cssVar("--header-text-color")).toBe("#111111");
  });

  it("applies a global theme after a confirmation that says it replaces the event's settings", async () => {
    serve(level({ MainTheme: { primary_color: "#123456" } }));
    await renderLoaded();
    const global = region("Global theme");
    const user = userEvent.setup();
    expect(await within(global).findByLabelText("Global theme to apply")).toHaveDisplayValue("Brand");
    await user.click(within(global).getByRole("button", { name: "Apply" }));
    const dialog = screen.getByRole("alertdialog", { name: "Apply “Brand”?" });
    expect(dialog).toHaveTextContent("This replaces the event's own settings");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(toasts()).toContain("The global theme “Brand” is applied."));
    expect(writes(calls)).toEqual([`POST /api/v1/events/e1/themes/${BRAND_ID}/apply`]);
    expect(await within(global).findByText(/based on the global theme “Brand”/)).toBeInTheDocument();
    expect(within(region("Main colours and login box")).getByLabelText("Button colour")).toHaveValue("#aa0000");
    expect(screen.getByTestId("preview-favicon")).toHaveAttribute("src", brand.MediaAssets.favicon?.url);
  });

  it("an event admin without customer rights still gets the customer's global themes", async () => {
    serve(null, [brand, { ...brand, ThemeID: "f".repeat(24), Name: "Other customer's", CustomerID: "d".repeat(24) }]);
    server.queue(`GET /api/v1/events/themes/global/${CUSTOMER}`, { status: 403, body: { Error: { Code: "FORBIDDEN", Message: "no" } } });
    await renderLoaded();
    const select = await within(region("Global theme")).findByLabelText("Global theme to apply");
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["Brand"]);
  });

  it("a failed load says why and tries again", async () => {
    serve();
    server.queue("GET /api/v1/events/e1/theme", { status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "boom" } } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <LookScreen eventId="e1" />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The look could not be loaded.");
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Chat" })).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: "Look" }));
  });

  it("axe finds no violations with errors shown, a key added and a dialog open", async () => {
    serve(level({ BaseThemeID: BRAND_ID, MainTheme: { radius: "4px" }, FontAssets: { regular: [] } }));
    const { container } = await renderLoaded();
    await within(region("Global theme")).findByLabelText("Global theme to apply");
    const main = region("Main colours and login box");
    const user = userEvent.setup();
    await user.type(within(main).getByLabelText("Button colour"), "nope");
    await user.click(within(main).getByRole("button", { name: "Add a key" }));
    await user.click(within(main).getByRole("button", { name: /^Save/ }));
    await user.click(within(main).getByRole("button", { name: "Reset Main colours and login box" }));
    const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  });
});
