import { totpDigits } from '@bottega/contracts/security';
import { Center, PinInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The six digits of the authenticator app, one box each: focused when shown, offered by the phone as a
 * one-time code, and handed over as soon as the last digit is typed. Digits read left to right in
 * every language.
 */
export function TotpCodeInput(props: {
  value: string;
  onChange: (value: string) => void;
  onComplete: (code: string) => void;
  error?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <Center dir="ltr">
      <PinInput
        length={totpDigits}
        type="number"
        oneTimeCode
        autoFocus
        size="md"
        placeholder=""
        ariaLabel={t('mfa.codeLabel')}
        value={props.value}
        onChange={props.onChange}
        onComplete={props.onComplete}
        error={props.error}
        disabled={props.disabled}
        data-testid="totp-code"
      />
    </Center>
  );
}
