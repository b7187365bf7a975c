// The push channel (spec §7): a Socket.IO connection that joins the user's private channel with a
// grant from api/broadcasting/auth, and re-joins after every reconnection.
import { io, type Socket } from 'socket.io-client';
import { api } from './api-client';

export function connectRealtime(channels: string[], handlers: Record<string, (payload: unknown) => void>): () => void {
  const socket: Socket = io({ path: '/socket.io', transports: ['websocket', 'polling'] });
  socket.on('connect', async () => {
    for (const channelName of channels) {
      try {
        const grant = await api<{ data: { auth: string } }>('/api/broadcasting/auth', {
          method: 'POST',
          body: { socketId: socket.id, channelName },
        });
        socket.emit('subscribe', { channel: channelName, auth: grant.data.auth });
      } catch {
        // Without a grant the screen still works; it only misses live updates until the next reconnection.
      }
    }
  });
  for (const [event, handler] of Object.entries(handlers)) socket.on(event, handler);
  return () => {
    socket.disconnect();
  };
}
