// Where toasts appear, set once for every screen: at the bottom, where no page keeps its title, status or main
// buttons, and above the footer and any sticky action bar (ui/toast-clearance.ts); across a phone's width, at the
// end side (the right, the left in Arabic) elsewhere.
import { MantineThemeProvider, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import classes from './toasts.module.css';

export function Toasts() {
  const { dir } = useDirection();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const position = phone ? 'bottom-center' : dir === 'rtl' ? 'bottom-left' : 'bottom-right';
  const { t } = useTranslation();
  // Every toast's close button is named in the reader's language (WCAG 4.1.2), whoever shows the toast.
  const closeLabel = {
    components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('actions.close') } } } },
  };
  return (
    <MantineThemeProvider theme={closeLabel}>
      <Notifications position={position} classNames={{ root: classes.root }} />
    </MantineThemeProvider>
  );
}
