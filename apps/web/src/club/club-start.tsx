// The loyalty club itself, started by club-main.tsx: its languages, then the screens, then the service worker that
// lets the installed app start without a network.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setupClubI18n } from './club-i18n';
import { ClubProviders } from './club-providers';
import { clubRouter } from './club-router';
import { registerClubServiceWorker } from './service-worker-registration';

await setupClubI18n();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ClubProviders>
      <RouterProvider router={clubRouter} />
    </ClubProviders>
  </StrictMode>,
);

registerClubServiceWorker();
