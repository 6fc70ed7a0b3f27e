/**
 * The event's tour, loaded from its PanoURL (`/tours/{PanoID}/{Version}/`): `tour.json` and the
 * web element defaults of `pano.xml`. Files under a PanoURL never change, so they are cached for
 * the session. A failed pano.xml is logged only (§8) and leaves the tour's own defaults.
 */
import { useQuery } from "@tanstack/react-query";
import { parsePanoXmlDefaults, parseTour, type Tour } from "./tour";

export interface LoadedTour {
  tour: Tour;
  xmlDefaults: Map<string, string>;
}

const join = (base: string, file: string) => `${base.endsWith("/") ? base : `${base}/`}${file}`;

export async function loadTour(panoURL: string, fetcher: typeof fetch = fetch): Promise<LoadedTour> {
  const response = await fetcher(join(panoURL, "tour.json"), { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`tour.json: HTTP ${response.status}`);
  const tour = parseTour(await response.json());
  let xmlDefaults = new Map<string, string>();
  try {
    const xml = await fetcher(join(panoURL, "pano.xml"));
    if (xml.ok) xmlDefaults = parsePanoXmlDefaults(await xml.text());
    else console.warn("pano.xml not loaded", xml.status);
  } catch (error) {
    console.warn("pano.xml not loaded", error);
  }
  return { tour, xmlDefaults };
}

export function useTour(panoURL: string | undefined) {
  return useQuery({
    queryKey: ["venue", "tour", panoURL],
    queryFn: () => loadTour(panoURL ?? ""),
    enabled: Boolean(panoURL),
    staleTime: Infinity,
    retry: 1,
  });
}
