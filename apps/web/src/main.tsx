// Zod must be told to do without eval (lib/zod-without-eval.ts) before any schema is built: modules run in the
// order they are imported, so it comes first and the app (start.tsx, which builds the shared contracts' schemas)
// after it.
import './lib/zod-without-eval';
import './start';
