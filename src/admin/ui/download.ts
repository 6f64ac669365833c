// Starting a download of a file the admin built in the browser (the inboxes' CSV export, an
// edition's ledger for the treasurer, a person's data as JSON).

/** Starts a download of a text in the browser, under the given file name and type. */
export function downloadText(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Starts a download of a CSV text in the browser, under the given file name. */
export function downloadCsv(name: string, text: string) {
  downloadText(name, text, 'text/csv;charset=utf-8');
}
