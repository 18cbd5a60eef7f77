#!/usr/bin/env node
// `npm run dev`: the server restarts on change (tsx watch) and the SPA hot-reloads (Vite dev
// server, proxying /api to the server). Ctrl-C stops both, and the embedded database with them.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', PORT: process.env.PORT ?? '8080' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
console.log('Dev servers starting: open http://localhost:5173 (API on http://localhost:8080).');
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
