import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What goes in front of the mail's own HTML: nothing may load from outside (no tracking pixels, no
 * scripts even if the sandbox allowed them) and links open in a new tab rather than inside the frame.
 */
const guard =
  '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data:">' +
  '<base target="_blank">';

export function guardedDocument(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return `${guard}${html}`;
  const end = head.index + head[0].length;
  return `${html.slice(0, end)}${guard}${html.slice(end)}`;
}

/**
 * A mail's HTML, read safely: in a sandboxed frame from srcDoc (no scripts, no same origin, so it
 * can reach neither the app nor its token), never injected into the page.
 */
export function MailHtmlFrame({ html }: { html: string }) {
  const { t } = useTranslation('developer');
  return (
    <Box
      component="iframe"
      title={t('mail.htmlFrameTitle')}
      srcDoc={guardedDocument(html)}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      w="100%"
      h={620}
      bd="1px solid var(--mantine-color-default-border)"
      bdrs="md"
      bg="white"
      data-testid="mail-html"
    />
  );
}
