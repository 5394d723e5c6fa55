import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { answerClientErrorsAsJson } from '../../src/platform/http/middleware.ts';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  ms: number;
}

export interface RawClient {
  /**
   * Sends exactly the path and body given: no URL normalisation (dot segments and percent escapes
   * reach the server as written, unlike fetch or superagent) and no JSON encoding of the body.
   */
  request(options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    timeoutMs?: number;
  }): Promise<RawResponse>;
  port: number;
  close(): Promise<void>;
}

/** Listens on a random loopback port, so requests really run concurrently over real sockets. */
export async function listen(app: Express): Promise<RawClient> {
  const server = http.createServer(app);
  answerClientErrorsAsJson(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  return {
    port,
    request: ({ method, path, headers = {}, body, timeoutMs = 20_000 }) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const payload =
          body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method,
            path,
            agent,
            headers: { ...headers, ...(payload ? { 'Content-Length': String(payload.length) } : {}) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let parsed: unknown;
              try {
                parsed = JSON.parse(text);
              } catch {
                parsed = undefined;
              }
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                text,
                body: parsed,
                ms: Date.now() - started,
              });
            });
            res.on('error', reject);
          },
        );
        req.setTimeout(timeoutMs, () =>
          req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs} ms`)),
        );
        req.on('error', reject);
        req.end(payload);
      }),
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
