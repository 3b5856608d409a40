/** Saves a file the browser way: a temporary link to the data URL or to an object URL of the blob. */
export function saveFile(fileName: string, data: Blob | string): void {
  const url = typeof data === 'string' ? data : URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
