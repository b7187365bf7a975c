// bench/load.ts's yardsticks: bare Fastify on the same machine.
// - GET /hello answers a small JSON: the scale of the throughput figures (what the HTTP stack alone does, without a
//   session, a database or a schema).
// - GET /replay/:row, when given the file of the hot endpoints' captured statements (second argument) and
//   DATABASE_URL: sends that row's statements wave by wave with `pg`, as the endpoint did, and answers their rows as
//   JSON. The floor of a hot endpoint: a server that does nothing but run its SQL (no session, no access check, no
//   contract check of the answer, no security headers, no metrics).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ status: 'ok', at: new Date().toISOString() }));
const capturedFile = process.argv[3];
const pool = capturedFile ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) : undefined;
if (capturedFile && pool) {
  const rows = JSON.parse(readFileSync(capturedFile, 'utf8')) as pg.QueryConfig[][][];
  app.get<{ Params: { row: string } }>('/replay/:row', async (request, reply) => {
    const waves = rows[Number(request.params.row)];
    if (!waves) return reply.code(404).send();
    const answers: unknown[] = [];
    for (const wave of waves) {
      const results = await Promise.all(wave.map((statement) => pool.query(statement)));
      for (const result of results) answers.push(result.rows);
    }
    return { data: answers };
  });
}
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void Promise.all([app.close(), pool?.end()]).then(() => process.exit(0)));
