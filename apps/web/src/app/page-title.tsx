// The document title of every screen under /app, set once here from its route (app-route.ts `title`, else its
// menu label) and the shop the person works in, so no screen sets its own.
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../features/auth/auth.api';
import { useDocumentTitle } from '../lib/document-title';

export function PageTitle({ title }: { title: string | undefined }) {
  const { t } = useTranslation();
  const shop = useAuthUser().data?.shop?.name;
  useDocumentTitle(title ? t(title) : undefined, shop);
  return null;
}
