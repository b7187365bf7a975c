// The router password on the shop form. It is stored encrypted and never comes with the shop: the
// form shows whether one is set, and lets the user replace or clear it on save. People who may edit
// the shop can read it back with "Show" (each reading is recorded in the audit log).
import { Badge, Button, Code, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useRevealRouterPassword } from '../shops.api';

/** keep: leave it as it is; replace: send `value`; clear: remove it. */
export type RouterPasswordChange = { mode: 'keep' | 'replace' | 'clear'; value: string };

export function RouterPasswordField(props: {
  shopId: number | null;
  isSet: boolean;
  change: RouterPasswordChange;
  onChange: (change: RouterPasswordChange) => void;
  readOnly: boolean;
  error?: string;
}) {
  const { t } = useTranslation('shops');
  const { shopId, isSet, change, onChange, readOnly } = props;
  const reveal = useRevealRouterPassword(shopId ?? 0);
  const label = t('fields.routerPassword');

  if (shopId === null || change.mode === 'replace') {
    return (
      <Stack gap={4}>
        <PasswordInput
          label={label}
          description={shopId === null ? t('routerPassword.createHint') : t('routerPassword.replaceHint')}
          value={change.value}
          onChange={(event) => onChange({ mode: 'replace', value: event.currentTarget.value })}
          maxLength={200}
          autoComplete="new-password"
          error={props.error}
          data-testid="router-password"
        />
        {shopId !== null && (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={() => onChange({ mode: 'keep', value: '' })}>
              {t('routerPassword.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs">
        {change.mode === 'clear' ? (
          <Badge color="orange" variant="light" data-testid="router-password-state">
            {t('routerPassword.willBeCleared')}
          </Badge>
        ) : (
          <Badge color={isSet ? 'green' : 'gray'} variant="light" data-testid="router-password-state">
            {isSet ? t('routerPassword.set') : t('routerPassword.notSet')}
          </Badge>
        )}
        {reveal.data && change.mode === 'keep' && (
          <Code dir="ltr" data-testid="router-password-revealed">
            {reveal.data}
          </Code>
        )}
      </Group>
      {!readOnly && (
        <Group gap="xs">
          {isSet && change.mode === 'keep' && !reveal.data && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconEye size={14} />}
              loading={reveal.isPending}
              onClick={() => reveal.mutate()}
              data-testid="router-password-show"
            >
              {t('routerPassword.show')}
            </Button>
          )}
          {change.mode === 'keep' && (
            <Button variant="subtle" size="compact-sm" onClick={() => onChange({ mode: 'replace', value: '' })}>
              {isSet ? t('routerPassword.replace') : t('routerPassword.setNew')}
            </Button>
          )}
          {isSet && change.mode === 'keep' && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => onChange({ mode: 'clear', value: '' })}
            >
              {t('routerPassword.clear')}
            </Button>
          )}
          {change.mode === 'clear' && (
            <Button variant="subtle" size="compact-sm" onClick={() => onChange({ mode: 'keep', value: '' })}>
              {t('routerPassword.cancel')}
            </Button>
          )}
        </Group>
      )}
      {reveal.error && (
        <Text size="xs" c="red" role="alert">
          {errorMessage(reveal.error, t)}
        </Text>
      )}
      {props.error && (
        <Text size="xs" c="red">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}
