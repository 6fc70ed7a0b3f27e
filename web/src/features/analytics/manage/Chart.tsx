/**
 * A time series drawn by uPlot (a small canvas chart, loaded with the dashboard's chunk only, so
 * the attendee app never carries it). The plot takes its container's width (ResizeObserver) and a
 * fixed height; it is a picture for sighted users, so the canvas is hidden from assistive
 * technology and the same figures stand in a visually hidden table named like the figure.
 *
 * uPlot never animates; with reduced motion asked for, the cursor that follows the pointer (a
 * crosshair moving over the plot) is left out too.
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface ChartPoint {
  /** Epoch milliseconds. */
  at: number;
  value: number;
}

export interface ChartProps {
  /** The figure's accessible name and the fallback table's caption. */
  label: string;
  /** Column headers of the fallback table, and the series' name in the legend. */
  timeHeader: string;
  valueHeader: string;
  points: readonly ChartPoint[];
  /** The event's time zone: axis and table read in it. */
  timeZone: string;
  formatTime: (at: number) => string;
  height?: number;
  /**
   * Counts per bucket of this many ms: buckets without a point are drawn as 0 (a line from one
   * busy minute to the next would say there was traffic between them). The table lists only the
   * points given.
   */
  bucketMs?: number;
  /** A running total: drawn as steps, flat until the next change. */
  stepped?: boolean;
}

const REDUCED = "(prefers-reduced-motion: reduce)";
const subscribeMotion = (onChange: () => void) => {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const query = window.matchMedia(REDUCED);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};
const reducedMotion = () => typeof window.matchMedia === "function" && window.matchMedia(REDUCED).matches;

/** The theme's primary colour (styles.css), read when the plot is made. */
const stroke = (element: HTMLElement) => getComputedStyle(element).getPropertyValue("--color-primary").trim() || "#2b4c7e";

function options(props: ChartProps, width: number, reduced: boolean, color: string): uPlot.Options {
  return {
    width,
    height: props.height ?? 220,
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), props.timeZone),
    cursor: { show: !reduced, drag: { x: false, y: false } },
    legend: { show: false },
    scales: { y: { range: (_plot, _min, max) => [0, Math.max(1, max)] } },
    axes: [{}, { size: 50 }],
    series: [
      {},
      {
        label: props.valueHeader,
        stroke: color,
        fill: `color-mix(in srgb, ${color} 15%, transparent)`,
        width: 2,
        // Markers only for a few real points, not for the zeros filled in between.
        points: { show: !props.bucketMs && props.points.length < 60 },
        ...(props.stepped ? { paths: uPlot.paths.stepped?.({ align: 1 }) } : {}),
      },
    ],
  };
}

/** At most this many buckets are filled in (a day of minutes); beyond, the points stand alone. */
const MAX_BUCKETS = 1500;

function withEmptyBuckets(points: readonly ChartPoint[], bucketMs: number | undefined): readonly ChartPoint[] {
  const first = points[0];
  const last = points.at(-1);
  if (!bucketMs || !first || !last || (last.at - first.at) / bucketMs > MAX_BUCKETS) return points;
  const byTime = new Map(points.map((p) => [p.at, p.value]));
  const filled: ChartPoint[] = [];
  for (let at = first.at; at <= last.at; at += bucketMs) filled.push({ at, value: byTime.get(at) ?? 0 });
  return filled;
}

const toData = (points: readonly ChartPoint[], bucketMs?: number): uPlot.AlignedData => {
  const drawn = withEmptyBuckets(points, bucketMs);
  return [drawn.map((p) => p.at / 1000), drawn.map((p) => p.value)];
};

export function Chart(props: ChartProps) {
  const { label, timeHeader, valueHeader, points, formatTime, timeZone, height, bucketMs } = props;
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const reduced = useSyncExternalStore(subscribeMotion, reducedMotion, () => false);
  // The plot is made in an effect; it reads the props of the render that made it from here.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  // One plot per zone, height and motion preference; new figures go into it (setData below).
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const made = new uPlot(options(latest.current, element.clientWidth || 600, reduced, stroke(element)), toData(latest.current.points, latest.current.bucketMs), element);
    plot.current = made;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      if (width > 0) made.setSize({ width, height: height ?? 220 });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      made.destroy();
      plot.current = null;
    };
  }, [timeZone, height, reduced]);

  useEffect(() => {
    plot.current?.setData(toData(points, bucketMs));
  }, [points, bucketMs]);

  return (
    <figure className="dash-chart" aria-label={label}>
      <div ref={box} className="dash-chart__plot" aria-hidden="true" />
      <table className="visually-hidden">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{timeHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.at}>
              <td>{formatTime(p.at)}</td>
              <td>{p.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
