/**
 * The organizer console's Look section (`/manage/events/:eventId/theme`, under the event's page
 * heading, so its own heading is an h2): the event's theme — start from a global theme, the colours
 * and the login box of MainTheme, HeaderTheme and ChatTheme, fonts, favicon — with a live preview of
 * the login screen and the venue frame beside the form (below it on a narrow screen) and the
 * contrast warnings of the pre-publish check. Each component saves and resets on its own.
 */
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LoadState } from "@/components/LoadState";
import { SUB_THEMES, useLookWrites, type SubTheme } from "./look-api";
import { addLookStrings, LOOK_NS } from "./look-i18n";
import { effectiveFonts, effectiveMaps, effectiveMedia, fieldSpecs, resolvedTheme, schemaKeys, storedMap, type FieldSpec } from "./look-model";
import { LookComponentForm } from "./LookComponentForm";
import { LookContrast } from "./LookContrast";
import { LookFonts } from "./LookFonts";
import { LookGlobal } from "./LookGlobal";
import { LookMedia } from "./LookMedia";
import { LookPreview } from "./LookPreview";
import { useLookData, type LookData } from "./use-look-data";
import { useLookDrafts } from "./use-look-drafts";
import "./LookScreen.css";

export function LookScreen({ eventId }: { eventId: string }) {
  addLookStrings();
  const { t } = useTranslation(LOOK_NS);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { query, data } = useLookData(eventId);

  return (
    // Not a landmark of its own: the event page already wraps the section in a named region.
    <div className="look-screen">
      <h2 ref={headingRef} tabIndex={-1}>
        {t("title")}
      </h2>
      <p className="muted">{t("intro")}</p>
      <LoadState query={query} loadingText={t("loading")} failedText={t("loadFailed")} focusAfterRetry={headingRef} />
      {data ? <LookEditor key={eventId} eventId={eventId} data={data} /> : null}
    </div>
  );
}

function LookEditor({ eventId, data }: { eventId: string; data: LookData }) {
  const { level, inherited, schemas, event } = data;
  const writes = useLookWrites(eventId);
  const specs = useMemo(() => {
    const out = {} as Record<SubTheme, FieldSpec[]>;
    for (const sub of SUB_THEMES) {
      const present = [...Object.keys(inherited.maps[sub]), ...Object.keys(storedMap(level, sub))];
      out[sub] = fieldSpecs(sub, schemaKeys(schemas, sub), present);
    }
    return out;
  }, [inherited, level, schemas]);
  const { drafts, setDraft } = useLookDrafts(specs, level);
  const maps = effectiveMaps(inherited, drafts, level);
  const theme = resolvedTheme(maps, effectiveFonts(inherited, level), effectiveMedia(inherited, level));

  return (
    <div className="look-layout">
      <div className="look-layout__forms">
        <LookGlobal customerId={event.CustomerID} level={level} inherited={inherited} writes={writes} />
        {SUB_THEMES.map((sub) => (
          <LookComponentForm
            key={sub}
            sub={sub}
            specs={specs[sub]}
            draft={drafts[sub]}
            setDraft={(change) => setDraft(sub, change)}
            stored={storedMap(level, sub)}
            inherited={inherited}
            save={writes.saveSubTheme}
            reset={writes.reset}
          />
        ))}
        <LookFonts groups={schemas.FontGroups} level={level} inherited={inherited} writes={writes} />
        <LookMedia level={level} inherited={inherited} writes={writes} />
      </div>
      <div className="look-layout__preview">
        <LookPreview theme={theme} eventTitle={event.Title} />
        <LookContrast maps={maps} />
      </div>
    </div>
  );
}
