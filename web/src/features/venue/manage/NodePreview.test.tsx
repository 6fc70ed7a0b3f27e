import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "@/app/console/test-utils";
import { initI18n } from "@/lib/i18n";
import type { ViewerMarker } from "../PanoramaViewer";
import { NodePreview } from "./NodePreview";
import { addToursStrings } from "./tours-i18n";
import { PANO, renderWithClient, serve } from "./venue-test-utils";

// The attendee app's viewer needs WebGL; here it records what the preview hands it.
interface ViewerProps {
  panoURL: string;
  nodeID: string;
  markers: ViewerMarker[];
  rotateTo: number | null;
  onNodeChange: (id: string) => void;
  onMarker: (marker: ViewerMarker) => void;
}
const viewer = vi.hoisted(() => ({ props: null as ViewerProps | null }));
vi.mock("../PanoramaViewer", () => ({
  PanoramaViewer: (props: ViewerProps) => {
    viewer.props = props;
    return <div data-testid="viewer" data-node={props.nodeID} />;
  },
}));

const PANO_URL = `/tours/${PANO}/1/`;
const shown = () => viewer.props as ViewerProps;
const hotspots = () => screen.getByRole("region", { name: /^Hotspots in/ });

async function openPreview() {
  const server = serve(fakeServer);
  renderWithClient(<NodePreview panoURL={PANO_URL} />);
  await screen.findByTestId("viewer");
  return { server, user: userEvent.setup() };
}

beforeEach(async () => {
  await initI18n("en");
  addToursStrings();
  viewer.props = null;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("NodePreview", { timeout: 20_000 }, () => {
  it("shows the start room with its screens and web elements as markers, and every hotspot in a list", async () => {
    const { server } = await openPreview();
    expect(server.calls.some((c) => c.url.pathname === `${PANO_URL}tour.json`)).toBe(true);
    const rooms = screen.getByRole("navigation", { name: "Rooms" });
    expect(within(rooms).getByRole("button", { name: "Lobby (start)" })).toHaveAttribute("aria-pressed", "true");
    expect(within(rooms).getByRole("button", { name: "Hall" })).toHaveAttribute("aria-pressed", "false");

    expect(shown().panoURL).toBe(PANO_URL);
    expect(shown().nodeID).toBe("lobby");
    // Links are the viewer's own arrows; screens and web elements are markers.
    expect(shown().markers.map((m) => [m.kind, m.content, m.yaw, m.pitch])).toEqual([
      ["screen", "main-stage", 0, 6],
      ["image", `${PANO_URL}assets/sponsor.png`, -60, 4],
      ["link", "Screen_02", 60, 0],
    ]);

    const list = hotspots();
    expect(within(list).getByRole("heading", { name: "Hotspots in Lobby" })).toBeInTheDocument();
    expect([...list.querySelectorAll("strong")].map((s) => s.textContent)).toEqual(["Way to Hall", "Screen main-stage", "Image Screen_01", "Link Screen_02"]);
    expect(list).toHaveTextContent("Direction 90°, height -4°");
    expect(list).toHaveTextContent("Tour's content: https://example.org");
  });

  it("turns the view to a hotspot from the list, again after looking elsewhere", async () => {
    const { user } = await openPreview();
    const look = within(hotspots()).getByRole("button", { name: "Look at it Screen_01" });
    await user.click(look);
    const first = shown().rotateTo;
    expect(first !== null && ((first % 360) + 360) % 360).toBe(300); // -60° as a heading
    await user.click(look);
    const second = shown().rotateTo;
    expect(second).not.toBe(first);
    expect(second !== null && ((second % 360) + 360) % 360).toBe(300);
  });

  it("goes to another room from the list, the room list, or the viewer's arrows", async () => {
    const { user } = await openPreview();
    await user.click(within(hotspots()).getByRole("button", { name: "Go to Hall" }));
    expect(shown().nodeID).toBe("hall");
    expect(within(hotspots()).getByRole("heading", { name: "Hotspots in Hall" })).toBeInTheDocument();
    expect(shown().markers).toEqual([]);
    expect(screen.getByRole("button", { name: "Hall" })).toHaveAttribute("aria-pressed", "true");

    await user.click(screen.getByRole("button", { name: "Lobby (start)" }));
    expect(shown().nodeID).toBe("lobby");

    act(() => shown().onNodeChange("hall"));
    expect(shown().nodeID).toBe("hall");
  });

  it("a marker clicked in the view moves the focus to its entry in the list", async () => {
    await openPreview();
    const marker = shown().markers.find((m) => m.content === "main-stage") as ViewerMarker;
    act(() => shown().onMarker(marker));
    expect(document.activeElement).toBe(within(hotspots()).getByRole("button", { name: "Look at it main-stage" }));
  });

  it("names rooms in the person's language", async () => {
    await initI18n("de");
    await openPreview();
    expect(screen.getByRole("button", { name: "Foyer (Start)" })).toBeInTheDocument();
    expect(within(hotspots()).getByRole("heading", { name: "Hotspots in Foyer" })).toBeInTheDocument();
    await initI18n("en");
  });

  it("a tour that cannot be read says so and offers to try again", async () => {
    fakeServer(() => ({ status: 404, body: { Error: { Code: "ROUTE_NOT_FOUND", Message: "gone" } } }));
    renderWithClient(<NodePreview panoURL={PANO_URL} />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The tour of this version could not be loaded.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.queryByTestId("viewer")).toBeNull();
  });
});
