// Field rules shared by the forms, with zod/mini, which keeps validation light. The start-up path
// carries no validation library: src/config/env.ts checks the env with plain rules.
import * as z from 'zod/mini';

/** A trimmed text that must not be empty. */
export const requiredText = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** A required e-mail: the "required" message first, the shape message only for typed text. */
export const requiredEmail = (requiredMessage: string, invalidMessage: string) => z.pipe(requiredText(requiredMessage), z.email(invalidMessage));
