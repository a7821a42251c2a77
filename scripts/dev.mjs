// npm run dev: the API with reload on :3000 and Vite's dev server on :5173 (it proxies /api and
// /media to the API). Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@semijoias/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@semijoias/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
