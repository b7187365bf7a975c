import { z } from 'zod';
import { okSchema, text } from './common';
import { passwordMinLength } from './profile';

// Password reset by email (spec §5 Passwords, §8 Password reset): ask for a link, check it, set a new password.
// The same link, from an invitation or sent by a manager, sets a new employee's first password; a
// link of the same kind confirms a new email address.

/** POST /api/auth/password-reset/request: the address to send the link to. */
export const passwordResetRequestBodySchema = z.object({ email: z.email().max(254) });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

/** The token of a link: 256 random bits in base64url. */
const tokenSchema = text(200, { trim: false }).min(1);

/** POST /api/auth/password-reset/check: whether a link can still be used, before the new password is typed. */
export const passwordResetCheckBodySchema = z.object({ token: tokenSchema });

/** POST /api/auth/password-reset: the link's token and the new password, typed twice. */
export const passwordResetBodySchema = z
  .object({
    token: tokenSchema,
    password: text(1024, { trim: false }).min(passwordMinLength),
    passwordConfirmation: text(1024, { trim: false }).min(1),
  })
  .superRefine((values, context) => {
    if (values.password !== values.passwordConfirmation) {
      context.addIssue({
        code: 'custom',
        path: ['passwordConfirmation'],
        message: 'confirmed',
        params: { rule: 'confirmed' },
        input: values.passwordConfirmation,
      });
    }
  });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** POST /api/auth/email-confirmation: the token of the link mailed to the new address. */
export const emailConfirmationBodySchema = z.object({ token: tokenSchema });

/** Every answer of these routes is a plain "done": the request one says the same whether or not the address exists. */
export const passwordResetAnswerSchema = okSchema;
