// `npm run dev`: the API server (content, sign-ups, mail) on :3000 and Vite with hot reload on :5173.
import { spawn } from 'node:child_process'

const children = [
  spawn('node', ['--env-file-if-exists=.env', '--watch-path=server', '--watch-path=supabase', 'server/main.ts'], {
    stdio: 'inherit',
  }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts'], { stdio: 'inherit' }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
for (const child of children) child.once('exit', (code) => code && code !== 0 && stop())
