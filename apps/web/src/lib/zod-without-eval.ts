// Loaded by main.tsx before anything else, so before any schema is built: Zod compiles object parsers with `new Function`
// unless told not to, and the page's Content-Security-Policy allows no eval (its probe alone reports a
// violation). Forms validate a handful of fields, so the compiled parsers' speed is not missed.
// Zod's core alone (the same module `z.config` writes to), so the sign-in page does not carry the whole library.
import { config } from 'zod/v4/core';

config({ jitless: true });
