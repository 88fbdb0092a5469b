#!/usr/bin/env node
// The `perlagg` command. The sources are TypeScript, run through tsx's loader (no build step).
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/main.ts');
