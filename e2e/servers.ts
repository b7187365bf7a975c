// The journeys' servers, started together: Playwright starts the entries of its webServer list one after the other,
// waiting for each, and four servers seeding their demo databases in turn took a minute and a half before the first
// journey. Here the mail catcher and every server (E2E_SERVERS: each one's environment) start at once; the ready
// address (E2E_READY_URL) answers once every server does, which is what Playwright waits for. Playwright ends the
// process group at the end of the run, these servers with it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import './mail-catcher';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]') as Record<string, string>[];
const ready = new URL(process.env.E2E_READY_URL ?? '');

const children: ChildProcess[] = servers.map((environment) => {
  const child = spawn('node', ['--enable-source-maps', 'apps/server/dist/main.js'], {
    env: { ...process.env, ...environment },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    console.error(`The journeys' server on port ${environment.PORT} stopped (${signal ?? code}).`);
    process.exit(1);
  });
  return child;
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(0);
  });

async function answers(port: string): Promise<void> {
  for (;;) {
    const ok = await fetch(`http://localhost:${port}/api/settings`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

await Promise.all(servers.map((environment) => answers(environment.PORT ?? '')));
createServer((request, response) => {
  response.writeHead(request.url === ready.pathname ? 200 : 404).end();
}).listen(Number(ready.port), ready.hostname);
