// A logger that writes nothing, for the job workers the tests and benchmarks run outside an app.
import type { FastifyBaseLogger } from 'fastify';

export const silentLogger = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child() {
    return this;
  },
} as unknown as FastifyBaseLogger;
