/** §9: the photobooth opens in a popup 500 px wide and 95 % of the screen high. */
export function openBoothPopup(url: string): boolean {
  const height = Math.round(window.screen.availHeight * 0.95);
  // Not `noopener` in the features: with it `window.open` answers null even when the popup
  // opened, and a blocked popup must be told apart (the caller then offers a button). The
  // booth gets no handle back to the venue all the same.
  const popup = window.open(url, "photobooth", `popup,width=500,height=${height}`);
  if (!popup) return false;
  popup.opener = null;
  return true;
}
