/**
 * Photobooth links (attendee-app.md §7), built in the browser from what the server sent: the
 * signature is made by the server (SHA-256 of slug, email and API key; the key never reaches a
 * browser), the app adds the attendee's name, picture and language.
 *
 * The booth itself: `https://{Domain}/{Slug}?email&slug&signature&name&avatar&language`.
 * Its gallery: the same fields on `https://{Domain}/{Slug}/display`, plus `type` (the display
 * mode), `display=qrcode` when the QR flag is set and always `disable-cookie=1`.
 */

export interface PhotoboothConfig {
  Slug?: string;
  Domain?: string;
  Signature?: string | null;
  SignatureEMail?: string | null;
  GalleryDisplayMode?: string;
  GalleryQRCodeShow?: boolean;
  PanoID?: string;
  OnClickOpenPopup?: boolean;
  OnClickGoToPanorama?: boolean;
  ExpectPostMessage?: boolean;
  PostMessageText?: string;
  PostMessageDomain?: string;
}

export interface BoothPerson {
  name: string;
  avatar: string;
  language: string;
}

/** `https://host[:port]` of the configured domain, or null when it is not a plain host. */
function boothOrigin(domain: string): string | null {
  const host = domain.replace(/^https?:\/\//i, "").replace(/\/+$/, "");
  return /^[A-Za-z0-9.-]+(:\d+)?$/.test(host) ? `https://${host}` : null;
}

function signedQuery(booth: PhotoboothConfig, person: BoothPerson): URLSearchParams | null {
  if (!booth.Slug || !booth.Signature || !booth.SignatureEMail) return null;
  return new URLSearchParams({
    email: booth.SignatureEMail,
    slug: booth.Slug,
    signature: booth.Signature,
    name: person.name,
    avatar: person.avatar,
    language: person.language,
  });
}

/** The booth for this attendee; null when the event has none or it is not signed for them. */
export function photoboothURL(booth: PhotoboothConfig | null | undefined, person: BoothPerson): string | null {
  const origin = booth?.Domain ? boothOrigin(booth.Domain) : null;
  const query = booth && signedQuery(booth, person);
  if (!booth?.Slug || !origin || !query) return null;
  return `${origin}/${encodeURIComponent(booth.Slug)}?${query.toString()}`;
}

/** The booth's photo gallery for this attendee, or null as for `photoboothURL`. */
export function photoboothGalleryURL(booth: PhotoboothConfig | null | undefined, person: BoothPerson): string | null {
  const origin = booth?.Domain ? boothOrigin(booth.Domain) : null;
  const query = booth && signedQuery(booth, person);
  if (!booth?.Slug || !origin || !query) return null;
  query.set("type", booth.GalleryDisplayMode ?? "");
  if (booth.GalleryQRCodeShow) query.set("display", "qrcode");
  query.set("disable-cookie", "1");
  return `${origin}/${encodeURIComponent(booth.Slug)}/display?${query.toString()}`;
}
