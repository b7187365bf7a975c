// Bytes fetched with the bearer token (an <img>, <iframe> or link cannot send it) become object
// URLs: shown while on screen, or saved under a name, and released afterwards.
import { useEffect, useState } from 'react';

/** An object URL for the blob while it is shown, released afterwards. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** Saves the blob through the browser's download, under the given name. */
export function saveBlobAs(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; the URL is released a little later for slow disks.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
