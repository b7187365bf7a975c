// A social account created or changed in a dialog: its network, name and handle, whom it speaks for (one of the
// person's shops, or the company), what the network knows it by (a Page or Instagram user id, or a webhook's address)
// and its token, write-only: on a saved account the field stays empty, left empty the stored token is kept. Checks are
// the contract's (the server's own), shown next to each field, and so are the server's refusals.
import { type Account, accountBodySchema, socialNetworks } from '@bottega/contracts/automation';
import { Alert, Badge, Button, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { useAccountScopes, useSaveAccount } from '../accounts.api';
import {
  type AccountFormValues,
  accountBodyOf,
  accountFormErrorsOf,
  accountValuesOf,
  emptyAccountValues,
} from './account-form-values';
import { AccountNetworkIcon, networkIcons } from './account-network-icon';

/** `account` null creates one; the dialog is closed while `opened` is false. */
export function AccountFormModal(props: {
  opened: boolean;
  account: Account | null;
  onClose: () => void;
  onSaved?: (account: Account) => void;
}) {
  const { t } = useTranslation('automation');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.account ? t('account.form.editTitle', { name: props.account.name }) : t('account.form.createTitle')}
      size="lg"
      centered
    >
      {props.opened && <AccountForm key={props.account?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

function AccountForm(props: { account: Account | null; onClose: () => void; onSaved?: (account: Account) => void }) {
  const { t } = useTranslation(['automation', 'validation', 'errors']);
  const { account } = props;
  const scopes = useAccountScopes();
  const save = useSaveAccount(account?.id ?? null);
  const form = useForm<AccountFormValues>({
    initialValues: account ? accountValuesOf(account) : emptyAccountValues,
    validate: (values) => accountFormErrorsOf(validateWith(accountBodySchema, accountBodyOf(values), t)),
  });
  const network = form.values.network;
  const NetworkMark = networkIcons[network];
  const webhook = network === 'webhook';
  const tokenStored = account?.tokenSet ?? false;

  const submit = form.onSubmit((values) =>
    save.mutate(accountBodyOf(values), {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          message: t(account ? 'account.form.updated' : 'account.form.created', { name: saved.name }),
        });
        props.onSaved?.(saved);
        props.onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(accountFormErrorsOf(firstFieldErrors(error.fieldErrors)));
      },
    }),
  );
  const fieldRefusal = save.error instanceof ApiError && Object.keys(save.error.fieldErrors).length > 0;

  const speaksForData = [
    {
      group: t('account.form.shops'),
      items: (scopes.data?.shops ?? []).map((shop) => ({
        value: `shop:${shop.id}`,
        label: `${shop.code} · ${shop.name}`,
      })),
    },
    {
      group: t('account.form.companies'),
      items: (scopes.data?.companies ?? []).map((company) => ({ value: `company:${company.id}`, label: company.name })),
    },
  ].filter((group) => group.items.length > 0);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label={t('account.fields.network')}
          required
          allowDeselect={false}
          disabled={account !== null}
          description={account ? t('account.form.networkFixed') : undefined}
          data={socialNetworks.map((one) => ({ value: one, label: t(`networks.${one}`) }))}
          leftSection={<NetworkMark size={18} aria-hidden />}
          renderOption={({ option }) => (
            <AccountNetworkIcon network={option.value as typeof network} size={20} withLabel />
          )}
          {...form.getInputProps('network')}
          data-testid="account-field-network"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('account.fields.name')}
            description={t('account.form.nameHint')}
            required
            maxLength={100}
            {...form.getInputProps('name')}
            data-testid="account-field-name"
          />
          <TextInput
            label={t('account.fields.handle')}
            description={t(`account.form.handleHint.${network}`)}
            maxLength={100}
            dir="ltr"
            autoComplete="off"
            {...form.getInputProps('handle')}
            data-testid="account-field-handle"
          />
        </SimpleGrid>
        <Select
          label={t('account.fields.speaksFor')}
          description={t('account.form.speaksForHint')}
          placeholder={scopes.isPending ? t('account.form.loadingScopes') : t('account.form.speaksForPlaceholder')}
          required
          searchable
          allowDeselect={false}
          data={speaksForData}
          nothingFoundMessage={t('account.form.noScopes')}
          {...form.getInputProps('speaksFor')}
          data-testid="account-field-speaksFor"
        />
        {scopes.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(scopes.error, t)}
          </Alert>
        )}
        {webhook ? (
          <TextInput
            label={t('account.fields.webhookUrl')}
            description={t('account.form.webhookUrlHint')}
            placeholder="https://"
            required
            type="url"
            maxLength={500}
            dir="ltr"
            autoComplete="off"
            {...form.getInputProps('webhookUrl')}
            data-testid="account-field-webhookUrl"
          />
        ) : (
          <TextInput
            label={t(`account.fields.externalId.${network}`)}
            description={t(`account.form.externalIdHint.${network}`)}
            required
            maxLength={30}
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            {...form.getInputProps('externalId')}
            data-testid="account-field-externalId"
          />
        )}
        <PasswordInput
          label={t(webhook ? 'account.fields.secret' : 'account.fields.token')}
          description={
            tokenStored
              ? t('account.form.tokenKeepHint')
              : t(webhook ? 'account.form.secretHint' : 'account.form.tokenHint')
          }
          placeholder={tokenStored ? t('account.form.tokenKeepPlaceholder') : undefined}
          maxLength={2000}
          autoComplete="new-password"
          dir="ltr"
          {...form.getInputProps('token')}
          data-testid="account-field-token"
        />
        {account && (
          <Group gap="xs">
            <Badge
              color={tokenStored ? 'green' : 'gray'}
              variant="light"
              leftSection={<IconLock size={12} aria-hidden />}
              data-testid="account-token-state"
            >
              {t(tokenStored ? 'account.tokenStored' : 'account.tokenMissing')}
            </Badge>
          </Group>
        )}
        {save.error && !fieldRefusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="account-form-error">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            loading={save.isPending}
            leftSection={<IconDeviceFloppy size={16} />}
            data-testid="account-save"
          >
            {t('account.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
