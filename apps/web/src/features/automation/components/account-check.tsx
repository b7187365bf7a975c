// "Check connection": the server asks the network whether the account's token still works; the answer (connected,
// expired, error, in the network's own words) is told in a notice, and the account's state changes with it.
import type { Account } from '@bottega/contracts/automation';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useCheckAccount } from '../accounts.api';
import { accountStateColors } from './account-state-badge';

/** The check and which account it is running for (a spinner on that row only). */
export function useAccountCheck() {
  const { t } = useTranslation(['automation', 'errors']);
  const check = useCheckAccount();
  return {
    pendingId: check.isPending ? (check.variables ?? null) : null,
    run: (account: Pick<Account, 'id' | 'name'>) =>
      check.mutate(account.id, {
        onSuccess: (answer) =>
          notifications.show({
            color: accountStateColors[answer.state],
            title: t('account.check.title', { name: account.name, state: t(`accountStates.${answer.state}`) }),
            message: answer.message ?? t(`account.check.${answer.state}`),
            autoClose: answer.state === 'connected' ? 4000 : false,
          }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error, t) }),
      }),
  };
}
