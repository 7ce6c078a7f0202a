/** Starts a download of `blob` under `fileName`, as a link the reader clicked would. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Starts a download of a calendar file made in the browser (src/shared/ics.ts writes it). */
export function downloadIcs(fileName: string, content: string): void {
  downloadBlob(fileName, new Blob([content], { type: 'text/calendar;charset=utf-8' }));
}
