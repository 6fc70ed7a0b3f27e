import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { useEventStore } from "@/features/events";
import { initI18n } from "@/lib/i18n";
import { SignUpPage } from "./SignUpPage";

const metadata = { EventID: "e".repeat(24), InternalName: "demo", Title: "Demo Days", CustomerID: "c".repeat(24) };

function renderSignUp(entry: string) {
  const router = createMemoryRouter([{ path: "/sign-up", element: <SignUpPage /> }], { basename: "/demo", initialEntries: [entry] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("SignUpPage", () => {
  beforeEach(async () => {
    await initI18n("en");
    useEventStore.setState({ metadata, publicEvent: null });
  });

  it("starts with the address an invitation mail links with", () => {
    renderSignUp(`/demo/sign-up?${new URLSearchParams({ email: "ada@example.com" })}`);
    expect(screen.getByRole("textbox", { name: /email/i })).toHaveValue("ada@example.com");
  });

  it("starts empty without one", () => {
    renderSignUp("/demo/sign-up");
    expect(screen.getByRole("textbox", { name: /email/i })).toHaveValue("");
  });
});
