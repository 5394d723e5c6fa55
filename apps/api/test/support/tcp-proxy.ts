import net from 'node:net';

export type Outage = 'refuse' | 'blackhole' | 'shutdown';

/** A PostgreSQL ErrorResponse message (severity FATAL), as a server sends it before closing a connection. */
export function fatalError(sqlstate: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${sqlstate}\0M${message}\0\0`, 'utf8');
  const head = Buffer.alloc(5);
  head.write('E', 0, 'latin1');
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/**
 * A TCP proxy on a random loopback port between the app and PostgreSQL, which a test can cut:
 * `refuse` drops every connection as soon as it opens (a database that is down), `blackhole`
 * accepts and never answers (a network that swallows packets), `shutdown` is PostgreSQL stopping for a
 * restart (open connections get FATAL 57P01 "terminating connection due to administrator command", new ones
 * FATAL 57P03 "the database system is shutting down", as `docker compose restart db` shows). `cutWhen` cuts
 * every connection
 * the moment the app sends a message matching it, to stop a write half-way.
 */
export class TcpProxy {
  private server = net.createServer((client) => this.accept(client));
  private sockets = new Set<net.Socket>();
  /** Open connections: the app's side -> the server's side. */
  private pairs = new Map<net.Socket, net.Socket>();
  private outage: Outage | undefined;
  private trigger: { match: (sent: string) => boolean; forward: boolean; fired: () => void } | undefined;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  /** The database goes away: open connections are cut, new ones refused or swallowed. */
  cut(outage: Outage) {
    this.outage = outage;
    if (outage === 'shutdown') {
      for (const [client, server] of this.pairs) {
        server.destroy();
        // Said, then closed (destroying it at once would drop the message).
        this.sockets.delete(client);
        client.end(fatalError('57P01', 'terminating connection due to administrator command'));
        setTimeout(() => client.destroy(), 1000).unref();
      }
      this.pairs.clear();
    }
    this.dropAll();
  }

  restore() {
    this.outage = undefined;
    this.trigger = undefined;
  }

  /**
   * Cuts every connection when the app sends bytes matching `match`; with `forward` the matching bytes
   * reach the server first (cut just after, e.g. a COMMIT), without it they never do. Resolves when it fired.
   */
  cutWhen(match: (sent: string) => boolean, { forward = false, timeoutMs = 10_000 } = {}): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.trigger = undefined;
        reject(new Error(`the app never sent what the cut waits for (within ${timeoutMs} ms)`));
      }, timeoutMs);
      this.trigger = { match, forward, fired: () => (clearTimeout(timer), resolve()) };
    });
  }

  async close() {
    this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private dropAll() {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private accept(client: net.Socket) {
    this.track(client);
    if (this.outage === 'refuse') return void client.destroy();
    if (this.outage === 'blackhole') return;
    if (this.outage === 'shutdown') {
      // The server reads the startup message, then refuses it.
      client.once('data', () => client.end(fatalError('57P03', 'the database system is shutting down')));
      return;
    }
    const server = net.connect(this.target.port, this.target.host);
    this.track(server);
    this.pairs.set(client, server);
    client.on('close', () => this.pairs.delete(client));
    let ending = false;
    client.on('data', (chunk: Buffer) => {
      const trigger = this.trigger;
      if (trigger?.match(chunk.toString('latin1'))) {
        this.trigger = undefined;
        if (trigger.forward) {
          // The server gets the bytes and then an orderly end; the app never hears back.
          ending = true;
          server.end(chunk);
          client.destroy();
        } else {
          this.dropAll();
        }
        trigger.fired();
        return;
      }
      server.write(chunk);
    });
    server.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', () => {
      if (!ending) server.destroy();
    });
    server.on('close', () => client.destroy());
  }
}
