// Opens a document's signed URL (valid a minute) in a new tab, for the team's page and the
// organiser's Documents panel alike: without an opener or a Referer, so the page that asked for it,
// whose address holds the team's secret, is neither reachable from the tab nor named to it.
export function openSignedUrl(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
