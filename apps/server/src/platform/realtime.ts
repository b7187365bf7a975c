// Realtime push over Socket.IO. A socket joins a channel only with a grant signed by
// POST api/broadcasting/auth, which checks that the signed-in user may listen there.
// With REDIS_URL the Redis adapter fans events out across server processes.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { safeEqual, sign } from './crypto';

export type Realtime = {
  publish: (channel: string, event: string, payload: unknown) => void;
  close: () => Promise<void>;
};

/** The app's own, attached to its HTTP server: it also knows who is connected (platform/metrics.ts). */
export type RealtimeServer = Realtime & {
  /** Sockets connected to this process now. */
  connections: () => number;
};

export function channelGrant(appKey: string, socketId: string, channel: string): string {
  return sign(appKey, 'channel', `${socketId}:${channel}`);
}

export function attachRealtime(options: {
  server: HttpServer;
  appKey: string;
  redisUrl?: string;
  logger: FastifyBaseLogger;
}): RealtimeServer {
  const io = new Server(options.server, { path: '/socket.io', serveClient: false });
  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    const publisher = new Redis(options.redisUrl);
    const subscriber = publisher.duplicate();
    redisClients.push(publisher, subscriber);
    io.adapter(createAdapter(publisher, subscriber));
  }
  io.on('connection', (socket) => {
    socket.on(
      'subscribe',
      (message: { channel?: unknown; auth?: unknown }, acknowledge?: (answer: unknown) => void) => {
        const channel = typeof message?.channel === 'string' ? message.channel : '';
        const grant = typeof message?.auth === 'string' ? message.auth : '';
        const granted = channel !== '' && safeEqual(grant, channelGrant(options.appKey, socket.id, channel));
        if (granted) void socket.join(channel);
        else options.logger.warn({ channel }, 'realtime subscription refused');
        acknowledge?.({ ok: granted });
      },
    );
    socket.on('unsubscribe', (message: { channel?: unknown }) => {
      if (typeof message?.channel === 'string') void socket.leave(message.channel);
    });
  });
  return {
    publish: (channel, event, payload) => {
      io.to(channel).emit(event, payload);
    },
    connections: () => io.of('/').sockets.size,
    close: async () => {
      await io.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
