import net from 'node:net';

/**
 * A TCP proxy a fault test puts between Kuda and a service (PostgreSQL, Redis) to take the service
 * away and give it back without touching the real one:
 * - `cut()`: every open connection is reset and new ones are closed as soon as they arrive (a server
 *   that went down, or a network that refuses);
 * - `hang()`: connections stay open but nothing goes through either way (a server or network that
 *   stopped answering; only timeouts notice);
 * - `restore()`: hung connections are reset (they would be dead after a real outage) and new ones go
 *   through again.
 */
export interface TcpProxy {
  port: number;
  /** The given service URL with its host and port replaced by the proxy's. */
  through(serviceUrl: string): string;
  cut(): void;
  hang(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'cut' | 'hang' = 'open';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset is the point of the exercise: it must not crash the test process.
    socket.on('error', () => undefined);
  };
  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'cut') return void client.resetAndDestroy();
    // Held: nothing is read or forwarded until restore() resets it.
    if (mode === 'hang') return void client.pause();
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    through(serviceUrl) {
      const url = new URL(serviceUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut() {
      mode = 'cut';
      resetAll();
    },
    hang() {
      mode = 'hang';
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    restore() {
      if (mode === 'hang') resetAll();
      mode = 'open';
    },
    async close() {
      mode = 'cut';
      resetAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
