import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import {
  createAdministrator,
  listAdministrators,
  setAdministrator,
  type AdminChange,
} from './modules/accounts/administrators.js';

const USAGE = `Usage: npm run admin -- <command>
  create <email> --name "Full Name" --username name   a new administrator account; prints a link to set its password
  grant <email>                                        makes an account with a confirmed address an administrator
  revoke <email>                                       takes the role back (ADMIN_EMAILS still grants it to its list)
  list                                                 the administrators granted here`;

const SAID: Record<AdminChange['outcome'], string> = {
  granted: 'is now an administrator',
  revoked: 'is no longer an administrator (unless ADMIN_EMAILS lists it)',
  unchanged: 'was already so: nothing changed',
  'no-account': 'has no account: sign up first, or use create',
  unverified: "has not confirmed its address: confirm it first (an unconfirmed address may be someone else's)",
};

async function run(command: string | undefined, args: string[], options: { name?: string; username?: string }) {
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    if (command === 'list') {
      for (const admin of await listAdministrators(db))
        console.log(`${admin.email}\t${admin.name}\tsince ${new Date(admin.since).toISOString()}`);
      return 0;
    }
    const [email] = args;
    if (!email) throw new UsageError();
    if (command === 'create') {
      const created = await createAdministrator(
        db,
        { email, name: options.name ?? '', username: options.username ?? '' },
        config.siteOrigin,
      );
      console.log(`${created.email} is an administrator. Set its password within 24 hours at:\n${created.link}`);
      return 0;
    }
    if (command !== 'grant' && command !== 'revoke') throw new UsageError();
    const change = await setAdministrator(db, email, command === 'grant');
    console.log(`${change.email} ${SAID[change.outcome]}`);
    return change.outcome === 'no-account' || change.outcome === 'unverified' ? 1 : 0;
  } finally {
    await db.close();
  }
}

class UsageError extends Error {}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string' }, username: { type: 'string' } },
});
const [command, ...rest] = positionals;
run(command, rest, values).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(USAGE);
    else if (error instanceof z.ZodError) console.error(error.issues.map((issue) => issue.message).join('\n'));
    else console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
