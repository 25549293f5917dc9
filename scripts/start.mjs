// `npm start`: build the web app when it is missing or older than its sources, then run the server
// (API + PWA on one port).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)
const built = join(root, 'dist', 'index.html')

/** Newest modification time under the given files and folders (generated catalogs excluded). */
function newest(paths) {
  let latest = 0
  const visit = (path) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name))
    else if (!path.endsWith('messages.ts') && !path.endsWith('routeTree.gen.ts')) latest = Math.max(latest, stat.mtimeMs)
  }
  for (const path of paths) visit(join(root, path))
  return latest
}

const sources = ['src/web', 'src/shared', 'sw', 'public', 'index.html', 'sign-in.html', 'scripts/build', 'vite.config.ts', 'lingui.config.ts', 'package.json']
if (!existsSync(built) || newest(sources) > statSync(built).mtimeMs) {
  console.log(existsSync(built) ? '[start] the web app changed: rebuilding…' : '[start] building the web app (first start only)…')
  for (const [cmd, args] of [[bin('lingui'), ['compile', '--typescript']], [bin('vite'), ['build']]]) {
    const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
    if (r.status !== 0) process.exit(r.status ?? 1)
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/index.ts')], { cwd: root, stdio: 'inherit' })
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig))
server.on('exit', (code) => process.exit(code ?? 0))
