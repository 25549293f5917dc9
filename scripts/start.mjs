// `npm start`: build the web app if it has not been built, then run the server (API + PWA on one port).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)

if (!existsSync(join(root, 'dist', 'index.html'))) {
  console.log('[start] building the web app (first start only)…')
  for (const [cmd, args] of [[bin('lingui'), ['compile', '--typescript']], [bin('vite'), ['build']]]) {
    const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
    if (r.status !== 0) process.exit(r.status ?? 1)
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/index.ts')], { cwd: root, stdio: 'inherit' })
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig))
server.on('exit', (code) => process.exit(code ?? 0))
