import { z } from 'zod';

/*
 * Every schema of this package is made with this `z`, so the setting below holds before the first one exists. The
 * web app runs under a Content Security Policy that allows no eval (apps/server/src/app.ts, script-src 'self'); zod
 * compiles object parsers with `new Function` where eval is allowed, and its probe for that is itself reported as a
 * violation on every page that loads a schema. Jitless parsers never probe, in the browser and on the server alike.
 */
z.config({ jitless: true });

export { z };
