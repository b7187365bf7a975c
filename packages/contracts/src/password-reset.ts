import { z } from 'zod';
import { okSchema } from './common';
import { passwordMinLength } from './profile';

// Password reset by email (spec §5 Passwords, §8 Password reset): ask for a link, check it, set a new password.

/** POST /api/auth/password-reset/request: the address to send the link to. */
export const passwordResetRequestBodySchema = z.object({ email: z.email().max(254) });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

/** The token of a link: 256 random bits in base64url. */
const tokenSchema = z.string().min(1).max(200);

/** POST /api/auth/password-reset/check: whether a link can still be used, before the new password is typed. */
export const passwordResetCheckBodySchema = z.object({ token: tokenSchema });

/** POST /api/auth/password-reset: the link's token and the new password, typed twice. */
export const passwordResetBodySchema = z
  .object({
    token: tokenSchema,
    password: z.string().min(passwordMinLength).max(1024),
    passwordConfirmation: z.string().min(1).max(1024),
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

/** Every answer of these routes is a plain "done": the request one says the same whether or not the address exists. */
export const passwordResetAnswerSchema = okSchema;
