// npm run dev: API with reload on change (port 3000) and the Vite dev server with hot reload (port 5173).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@trostnetz/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@trostnetz/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
