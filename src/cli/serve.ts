// perlagg serve (issue 30): play and review in the browser. Starts the web server of src/serve on loopback
// (a free port unless --port), prints the address, and runs until Ctrl-C, which closes it cleanly.
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { wholeOption } from './errors.ts';
import { serve } from '../serve/server.ts';

interface ServeArgs {
  port?: string;
}

export const serveCommand: CommandModule<object, ServeArgs> = {
  command: 'serve',
  describe: 'play and review in the browser: a local web server (127.0.0.1) with the table, the advisor and the review',
  builder: (y: Argv) =>
    y
      .option('port', { type: 'string', describe: 'the port to listen on (default: a free one)' })
      .example('perlagg serve', 'prints the address to open, e.g. http://127.0.0.1:41234/') as unknown as Argv<ServeArgs>,
  handler: async (argv: ArgumentsCamelCase<ServeArgs>) => {
    const port = wholeOption('port', argv.port, 1, 65535);
    const s = await serve(port === undefined ? {} : { port });
    process.stdout.write(`perlagg serve: open ${s.url} in your browser (Ctrl-C stops the server)\n`);
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        void s.close().then(() => {
          process.stdout.write('perlagg serve: stopped\n');
          resolve();
        });
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
  },
};
