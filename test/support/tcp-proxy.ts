import net from 'node:net';

/** A TCP relay to a real server that a test can cut, as a network or a dead node would. */
export interface TcpProxy {
  port: number;
  /** Drops every open connection and resets every new one until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/**
 * Relays 127.0.0.1:<port> to `target`. The database driver under test stays real: cut() makes it
 * meet a lost connection and, for new connections, a reset during the handshake, exactly as when
 * the server's node dies; nothing in the process is mocked.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let cut = false;
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (cut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
