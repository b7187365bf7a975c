// The loyalty club's entry (club.html): Zod is told to do without eval (lib/zod-without-eval.ts) before any schema
// is built, as in the staff app's main.tsx, then the club starts.
import '../lib/zod-without-eval';
import './club-start';
