// bench/load.ts's yardstick: bare Fastify on the same machine, answering a small JSON, for the scale of the throughput
// figures (what the HTTP stack alone does, without a session, a database or a schema).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ status: 'ok', at: new Date().toISOString() }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
