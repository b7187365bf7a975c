// `npm run admin:create -- --username <u> --email <e> --name <n> --surname <s>`: an administrator made from the server's
// console, for a new installation's first sign-in (or a way back in). They are mailed a link to choose their password;
// without SMTP_URL the link is printed here, once, for the person running the command to hand over.
import { parseArgs } from 'node:util';
import { administratorBodySchema } from '@bottega/contracts/employees';
import { loadConfig } from './config';
import { createAdministrator } from './modules/employees/employees.service';
import { openDatabase } from './platform/db';
import { AppError } from './platform/errors';
import { seedUserGroups } from './seed';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    surname: { type: 'string' },
  },
});
const body = administratorBodySchema.safeParse(values);
if (!body.success) {
  console.error('Usage: npm run admin:create -- --username <u> --email <e> --name <n> --surname <s>');
  for (const issue of body.error.issues) console.error(`  --${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  await seedUserGroups(database.db);
  const created = await createAdministrator({ db: database.db, config, body: body.data });
  console.log(`Administrator ${body.data.username} created (id ${created.id}, group Amministratore).`);
  if (config.smtpUrl) {
    console.log(`The invitation to choose a password goes to ${body.data.email} (sent by a running server).`);
  } else {
    console.log(
      `No SMTP_URL: nobody can mail the invitation. Give this link to ${body.data.name} only; it works once, ` +
        `for ${config.invitationDays} days:\n  ${created.link}`,
    );
  }
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  const taken = Object.keys(error.fieldErrors ?? {});
  console.error(taken.length > 0 ? `Not created: already taken: ${taken.join(', ')}` : `Not created: ${error.code}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
