import { config } from 'zod';

// zod probes `new Function` to decide whether to compile fast parsers. Our CSP forbids eval, so
// the probe fails anyway, but Chromium still reports it as a CSP violation on every start;
// jitless mode skips the probe. Imported first by main.tsx, before any schema parses.
config({ jitless: true });
