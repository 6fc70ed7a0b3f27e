import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Chart, type ChartProps } from "./Chart";

// uPlot needs a canvas, which jsdom lacks: a stand-in records what the wrapper asks of it.
const plots = vi.hoisted(() => [] as { options: { width: number; cursor?: { show?: boolean } }; data: unknown; sizes: unknown[]; destroyed: boolean }[]);
vi.mock("uplot", () => {
  class FakePlot {
    record: (typeof plots)[number];
    constructor(options: (typeof plots)[number]["options"], data: unknown) {
      this.record = { options, data, sizes: [], destroyed: false };
      plots.push(this.record);
    }
    static tzDate = (date: Date) => date;
    setSize(size: unknown) {
      this.record.sizes.push(size);
    }
    setData(data: unknown) {
      this.record.data = data;
    }
    destroy() {
      this.record.destroyed = true;
    }
  }
  return { default: FakePlot };
});

let resize: ((entries: { contentRect: { width: number } }[]) => void) | null = null;
class FakeObserver {
  constructor(callback: typeof resize) {
    resize = callback;
  }
  observe() {}
  disconnect() {}
}

const props = (over: Partial<ChartProps> = {}): ChartProps => ({
  label: "Registrations per hour",
  timeHeader: "Hour",
  valueHeader: "Registrations",
  points: [
    { at: Date.parse("2030-05-01T08:00:00Z"), value: 5 },
    { at: Date.parse("2030-05-01T09:00:00Z"), value: 9 },
  ],
  timeZone: "Europe/Berlin",
  formatTime: (at) => new Date(at).toISOString().slice(11, 16),
  ...over,
});

function reducedMotion(on: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: on && query.includes("reduce"), addEventListener: () => undefined, removeEventListener: () => undefined }));
}

afterEach(() => {
  plots.length = 0;
  vi.unstubAllGlobals();
});

describe("the chart wrapper", () => {
  it("is a named figure whose figures also stand in a hidden table", () => {
    vi.stubGlobal("ResizeObserver", FakeObserver);
    reducedMotion(false);
    render(<Chart {...props()} />);
    const figure = screen.getByRole("figure", { name: "Registrations per hour" });
    const table = within(figure).getByRole("table", { name: "Registrations per hour" });
    expect(within(table).getAllByRole("row").map((r) => r.textContent)).toEqual(["HourRegistrations", "08:005", "09:009"]);
    expect(plots[0]?.data).toEqual([[Date.parse("2030-05-01T08:00:00Z") / 1000, Date.parse("2030-05-01T09:00:00Z") / 1000], [5, 9]]);
    expect(plots[0]?.options.cursor?.show).toBe(true);
  });

  it("follows its container's width and takes new figures without a new plot", () => {
    vi.stubGlobal("ResizeObserver", FakeObserver);
    reducedMotion(false);
    const { rerender, unmount } = render(<Chart {...props()} />);
    resize?.([{ contentRect: { width: 812.6 } }]);
    expect(plots[0]?.sizes).toEqual([{ width: 812, height: 220 }]);
    rerender(<Chart {...props({ points: [{ at: 0, value: 1 }] })} />);
    expect(plots).toHaveLength(1);
    expect(plots[0]?.data).toEqual([[0], [1]]);
    unmount();
    expect(plots[0]?.destroyed).toBe(true);
  });

  it("draws the minutes without a point as 0, and lists only the points given", () => {
    vi.stubGlobal("ResizeObserver", FakeObserver);
    reducedMotion(false);
    const minute = 60_000;
    render(<Chart {...props({ bucketMs: minute, points: [{ at: 0, value: 2 }, { at: 3 * minute, value: 1 }] })} />);
    expect(plots[0]?.data).toEqual([[0, 60, 120, 180], [2, 0, 0, 1]]);
    expect(screen.getAllByRole("row")).toHaveLength(3);
  });

  it("leaves the moving cursor out when reduced motion is asked for", () => {
    vi.stubGlobal("ResizeObserver", FakeObserver);
    reducedMotion(true);
    render(<Chart {...props()} />);
    expect(plots[0]?.options.cursor?.show).toBe(false);
  });
});
