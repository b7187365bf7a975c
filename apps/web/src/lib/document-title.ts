import { useEffect } from 'react';

/**
 * The tab's title, so tabs and history read apart: the page's name, then the shop when given, then the app —
 * "Cassa · Milano Duomo · Bottega", "Accedi · Bottega".
 */
export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  const title = [...parts.filter((part) => part), 'Bottega'].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
