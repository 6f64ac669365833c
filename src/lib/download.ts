// Starting a download of a file built or fetched in the browser: the inboxes' CSV export, an
// edition's ledger for the treasurer, a person's data as JSON, a team's pack as PDF.

/** Starts a download of a file under the given name (a link clicked once and let go). */
export function downloadFile(name: string, file: Blob) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Starts a download of a text in the browser, under the given file name and type. */
export function downloadText(name: string, text: string, type: string) {
  downloadFile(name, new Blob([text], { type }));
}

/** Starts a download of a CSV text in the browser, under the given file name. */
export function downloadCsv(name: string, text: string) {
  downloadText(name, text, 'text/csv;charset=utf-8');
}
