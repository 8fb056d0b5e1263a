import { zodResolver } from '@hookform/resolvers/zod';
// zod/mini: the same validation at a fraction of the size of classic zod.
import * as z from 'zod/mini';
import { id } from '@/shared/i18n/id';

const loginFormSchema = z.object({
  nik: z.string().check(z.trim(), z.minLength(1, id.auth.nikRequired), z.regex(/^\d{8,16}$/, id.auth.nikInvalid)),
  password: z.string().check(z.minLength(1, id.auth.passwordRequired)),
});
export type LoginFormValues = z.infer<typeof loginFormSchema>;

/** The login form's validation; loaded by the form's resolver on the first check, never before the form shows. */
export const loginResolver = zodResolver(loginFormSchema);
