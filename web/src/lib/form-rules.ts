// Field rules shared by the forms. zod/mini keeps validation light: the same zod core also
// checks the env on the home page, so the forms add almost nothing to download.
import * as z from 'zod/mini';

/** A trimmed text that must not be empty. */
export const requiredText = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** A required e-mail: the "required" message first, the shape message only for typed text. */
export const requiredEmail = (requiredMessage: string, invalidMessage: string) => z.pipe(requiredText(requiredMessage), z.email(invalidMessage));
