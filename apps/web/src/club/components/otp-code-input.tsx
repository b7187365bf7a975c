import { otpLength } from '@bottega/contracts/club';
import { Box, PinInput, Text } from '@mantine/core';
import { useId } from 'react';

/**
 * The six digits of a one-time code, one box each: offered by the phone from the SMS or the mail
 * (autocomplete="one-time-code"), a numeric keypad, handed over as soon as the last digit is typed. Digits read left
 * to right in every language.
 */
export function OtpCodeInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onComplete?: (code: string) => void;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  testId?: string;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500} mb={6}>
        {props.label}
      </Text>
      <Box dir="ltr">
        <PinInput
          length={otpLength}
          type="number"
          inputMode="numeric"
          oneTimeCode
          autoFocus={props.autoFocus}
          size="lg"
          gap="xs"
          placeholder=""
          ariaLabel={props.label}
          value={props.value}
          onChange={props.onChange}
          onComplete={props.onComplete}
          error={Boolean(props.error)}
          disabled={props.disabled}
          getInputProps={() => (props.error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {})}
          data-testid={props.testId}
        />
      </Box>
      {props.error && (
        <Text id={errorId} c="var(--mantine-color-error)" size="sm" mt={6} role="alert">
          {props.error}
        </Text>
      )}
    </Box>
  );
}
