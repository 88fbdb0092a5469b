// The command `perlagg serve` (issue 30, item 1): it prints the address it listens on (loopback, a free port),
// serves the page there, and Ctrl-C (SIGINT) stops it cleanly with exit 0; a bad --port is one line, exit 2.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'perlagg.js');

function start(...args: string[]) {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const address = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /open (http:\/\/\S+) in your browser/.exec(out);
      if (m !== null) resolve(m[1]!);
    });
    child.on('exit', () => reject(new Error(`exited before listening: ${err}`)));
  });
  address.catch(() => {}); // a start that should fail is awaited through its exit
  const exit = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, address, exit, out: () => out, err: () => err };
}

describe('perlagg serve', () => {
  it('prints a loopback address on a free port, serves the page, and stops cleanly on Ctrl-C', async () => {
    const s = start();
    const url = await s.address;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>perlagg');
    s.child.kill('SIGINT');
    const [code] = await s.exit;
    expect(code).toBe(0);
    expect(s.out()).toMatch(/perlagg serve: stopped\n$/);
    expect(s.err()).toBe('');
  });

  it('a port in use or out of range: one line, exit 2', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const port = (blocker.address() as { port: number }).port;
    try {
      const s = start('--port', String(port));
      const [code] = await s.exit;
      expect(code).toBe(2);
      expect(s.err()).toBe(`perlagg: --port ${port}: the port is in use\n`);
    } finally {
      blocker.close();
    }
    const s = start('--port', '70000');
    const [code] = await s.exit;
    expect(code).toBe(2);
    expect(s.err()).toMatch(/^perlagg: --port .*\n$/);
  });
});
