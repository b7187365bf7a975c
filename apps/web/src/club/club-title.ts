import { useEffect } from 'react';

export const clubName = 'Bottega Club';

/** The tab's (and the app switcher's) title: the screen's name, then the club — "La tua carta · Bottega Club". */
export function useClubTitle(title?: string | null): void {
  const full = title ? `${title} · ${clubName}` : clubName;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
