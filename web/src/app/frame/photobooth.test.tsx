import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { usePersonStore } from "@/features/accounts";
import { type PublicEvent, useEventStore } from "@/features/events";
import { initI18n } from "@/lib/i18n";
import { useLayout } from "./layout-store";
import { PhotoboothMessages } from "./photobooth";

const BOOTH = {
  Slug: "gala",
  Domain: "booth.example.com",
  Signature: "f".repeat(64),
  SignatureEMail: "ada@example.com",
  ExpectPostMessage: true,
  PostMessageText: "open-booth",
  PostMessageDomain: "https://booth.example.com",
  OnClickOpenPopup: true,
  OnClickGoToPanorama: true,
  PanoID: "photo-corner",
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderFrame() {
  return render(
    <MemoryRouter initialEntries={["/lobby"]}>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      <PhotoboothMessages startNodeID="lobby" />
    </MemoryRouter>,
  );
}

function post(data: unknown, origin: string) {
  act(() => {
    window.dispatchEvent(new MessageEvent("message", { data, origin }));
  });
}

let open: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await initI18n("en");
  useEventStore.setState({ publicEvent: { EventID: "e1", InternalName: "demo", Title: "Demo", Navigation: [], Photobooth: BOOTH } as unknown as PublicEvent });
  usePersonStore.setState({ person: { ID: "p", FirstName: "Ada", LastName: "Lovelace" } as never });
  open = vi.fn(() => ({ opener: window }));
  vi.stubGlobal("open", open);
});
afterEach(() => {
  vi.unstubAllGlobals();
  usePersonStore.setState({ person: null });
});

describe("the photobooth's window messages in the venue", () => {
  it("opens the signed booth popup and goes to its room on the configured message", () => {
    useLayout.getState().showOverPage({ src: "https://booth.example.com/embed", title: "Booth" });
    renderFrame();
    post("open-booth", "https://booth.example.com");
    expect(screen.getByTestId("where")).toHaveTextContent("/photo-corner");
    expect(useLayout.getState().overPage).toBeNull();
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0] as [string, string, string];
    expect(name).toBe("photobooth");
    expect(features).toMatch(/width=500/);
    expect(new URL(url).searchParams.get("name")).toBe("Ada Lovelace");
  });

  it("ignores the same text from another origin, and other texts", () => {
    renderFrame();
    post("open-booth", "https://evil.example");
    post("close", "https://booth.example.com");
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByTestId("where")).toHaveTextContent("/lobby");
  });

  it("offers a button when the browser blocked the popup", () => {
    open.mockReturnValueOnce(null);
    renderFrame();
    post("open-booth", "https://booth.example.com");
    expect(screen.getByRole("alert")).toHaveTextContent("The photobooth wants to open in a new window.");
    fireEvent.click(screen.getByRole("button", { name: "Open the photobooth" }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
