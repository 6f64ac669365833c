// Starting a download of a file the admin built in the browser (the inboxes' CSV export, an
// edition's ledger for the treasurer).

/** Starts a download of a CSV text in the browser, under the given file name. */
export function downloadCsv(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
