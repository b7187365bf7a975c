// The journeys' mailbox: the test SMTP server the e2e app delivers to (SMTP_URL), and a small HTTP
// endpoint that lists what it received. Journeys read links from here, as the recipient would from
// their inbox, never from the outbox screen, where the links are redacted.
import { createServer } from 'node:http';
import { startSmtpServer } from '../apps/server/test/smtp-server';
import { mailCatcherPorts } from './helpers';

const ports = mailCatcherPorts();
const smtp = await startSmtpServer({ port: ports.smtp });
createServer((request, response) => {
  if (request.url !== '/messages') {
    response.writeHead(404).end();
    return;
  }
  const messages = smtp.messages.map(({ to, subject, text }) => ({ to, subject, text }));
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
}).listen(ports.http, '127.0.0.1');
