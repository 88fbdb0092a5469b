// The web server of `perlagg serve` (issue 30): the page (web/, built by Vite into web/dist) and a small JSON
// API for it, bound to loopback. Every request is read like command-line input — the method and the path
// known, the body JSON of a bounded size, its fields checked (spec.ts) — and a bad one gets a 400 with one
// line; nothing the page sends is run as code, and no request can stop the server (a fault is a 500 with a
// line, the server goes on).
//
//   GET  /                       the page; GET /assets/… its files
//   GET  /api/setup              the games, rulesets, bots and table sizes to choose from
//   POST /api/tables             { game, ruleset, players, seat, bots, partie, seed, deal } → the table
//   GET  /api/tables/:id         the table now
//   POST /api/tables/:id/answer  { path: [i] or [i, j] } → the table after the answer
//   POST /api/tables/:id/advice  → the advisor's prices of the decision now (advice.ts, in the search thread: search-pool.ts)
//   GET  /api/tables/:id/record  the finished game in the replay format (text/plain, a download)
//   POST /api/review             { text, name } → the recording replayed for review (review.ts)
//   POST /api/review/losses      { text, name, deal } → each decision of that deal with its value lost (review-losses.ts, in the search thread)
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import { RULESET_NAMES } from '../rules/registry.ts';
import { builtinPoliciesOf } from '../registry/policies.ts';
import { MAX_PLAYERS } from '../games/bieten/engine.ts';
import { SearchPool } from './search-pool.ts';
import { reviewText } from './review.ts';
import { answerPath, tableSpec, zodLine } from './spec.ts';
import { Tables } from './tables.ts';

/** The largest body accepted: a recording of a long game is well under it. */
export const MAX_BODY = 1 << 20;

const TYPES: Readonly<Record<string, string>> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.ico': 'image/x-icon', '.png': 'image/png' };

/** The built page: web/dist beside the sources (a checkout) or the package. */
export function pageRoot(): string {
  return normalize(join(new URL('.', import.meta.url).pathname, '..', '..', ...(import.meta.url.includes('/dist/src/') ? ['..'] : []), 'web', 'dist'));
}

export interface ServeOptions {
  readonly port?: number;
  readonly host?: string;
  /** The folder of the built page (default pageRoot()). */
  readonly root?: string;
}

export interface Running {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

async function body(req: IncomingMessage): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'send the body as application/json');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > MAX_BODY) throw new HttpError(413, `the body is over ${MAX_BODY} bytes`);
    chunks.push(c);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'the body is not JSON');
  }
}

function send(res: ServerResponse, status: number, data: unknown, type = 'application/json; charset=utf-8', extra: Record<string, string> = {}): void {
  const text = typeof data === 'string' && !type.startsWith('application/json') ? data : JSON.stringify(data);
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...extra });
  res.end(text);
}

const ReviewSchema = z.object({ text: z.string().max(MAX_BODY), name: z.string().max(200).optional() }).strict();
const LossesSchema = z.object({ text: z.string().max(MAX_BODY), name: z.string().max(200).optional(), deal: z.number().int().min(0).max(1000) }).strict();

export function setup(): object {
  return {
    games: [
      { game: 'perlaggen', rulesets: RULESET_NAMES, players: [2, 3, 4, 6], bots: builtinPoliciesOf('perlaggen'), defaultBot: 'simple' },
      { game: 'bieten', rulesets: ['bieten'], players: Array.from({ length: MAX_PLAYERS - 1 }, (_, i) => i + 2), bots: builtinPoliciesOf('bieten'), defaultBot: 'plain' },
    ],
  };
}

/** Start the server; resolves once it listens. */
export async function serve(o: ServeOptions = {}): Promise<Running> {
  const root = o.root ?? pageRoot();
  if (!existsSync(join(root, 'index.html'))) throw new UsageError(`the page is not built: ${join(root, 'index.html')} is missing (npm run build:web builds it)`);
  const tables = new Tables();
  const search = new SearchPool();

  const staticFile = (path: string, res: ServerResponse): void => {
    const rel = path === '/' ? 'index.html' : decodeURIComponent(path.slice(1));
    const file = normalize(join(root, rel));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) throw new HttpError(404, `no such page: ${path.slice(0, 80)}`);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    res.writeHead(200, { 'content-type': type, 'cache-control': rel.startsWith('assets/') ? 'max-age=31536000, immutable' : 'no-store', 'x-content-type-options': 'nosniff' });
    res.end(readFileSync(file));
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const m = req.method ?? 'GET';
    if (!path.startsWith('/api/')) {
      if (m !== 'GET' && m !== 'HEAD') throw new HttpError(405, `${m} ${path.slice(0, 80)}: only GET`);
      return staticFile(path, res);
    }
    if (path === '/api/setup' && m === 'GET') return send(res, 200, setup());
    if (path === '/api/tables' && m === 'POST') {
      const id = tables.create(tableSpec(await body(req)));
      return send(res, 200, await tables.state(id));
    }
    if (path === '/api/review' && m === 'POST') {
      const r = ReviewSchema.safeParse(await body(req));
      if (!r.success) throw new UsageError(zodLine(r.error, 'review'));
      return send(res, 200, await reviewText(r.data.text, r.data.name ?? 'the file'));
    }
    if (path === '/api/review/losses' && m === 'POST') {
      const r = LossesSchema.safeParse(await body(req));
      if (!r.success) throw new UsageError(zodLine(r.error, 'review'));
      return send(res, 200, { deal: r.data.deal, losses: await search.reviewLosses(r.data.text, r.data.name ?? 'the file', r.data.deal) });
    }
    const t = /^\/api\/tables\/([0-9a-f-]{36})(\/(answer|advice|record))?$/.exec(path);
    if (t !== null) {
      const id = t[1]!;
      const what = t[3];
      if (what === undefined && m === 'GET') return send(res, 200, await tables.state(id));
      if (what === 'answer' && m === 'POST') return send(res, 200, await tables.answer(id, answerPath(await body(req))));
      if (what === 'advice' && m === 'POST') {
        const table = tables.get(id);
        return send(res, 200, await search.advise(table.spec, table.answers));
      }
      if (what === 'record' && m === 'GET') return send(res, 200, await tables.record(id), 'text/plain; charset=utf-8', { 'content-disposition': 'attachment; filename="perlagg-game.txt"' });
    }
    throw new HttpError(404, `no such request: ${m} ${path.slice(0, 80)}`);
  };

  const server = createServer((req, res) => {
    route(req, res).catch((e: unknown) => {
      const status = e instanceof HttpError ? e.status : e instanceof UsageError ? 400 : 500;
      const line = e instanceof Error ? e.message.split('\n')[0]! : String(e);
      if (status === 500) process.stderr.write(`perlagg serve: ${req.method} ${req.url}: ${e instanceof Error ? e.stack : line}\n`);
      if (!res.headersSent) send(res, status, { error: line });
      else res.end();
    });
  });
  // An idle connection the server closes just as the page (or a test's fetch) reuses it resets that request
  // ("fetch failed"); on a busy machine Node's 5 s default makes that race likely. The page is one user on
  // loopback: keep idle connections a minute (close() ends them at once).
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  const host = o.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => reject(e.code === 'EADDRINUSE' ? new UsageError(`--port ${o.port}: the port is in use`) : e));
    server.listen(o.port ?? 0, host, () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}/`;
  return {
    url,
    server,
    close: async () => {
      await search.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
