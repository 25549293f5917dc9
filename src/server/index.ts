// Entry point: read the environment, lock DATA_DIR (PGlite), migrate, seed, start the job queue, serve the API
// and the PWA.
import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { readEnv } from './env'
import { openDatabase } from './db/client'
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock'
import { seed } from './db/seed/seed'
import { createMailer } from './mail/mailer'
import { serveWebApp } from './web-app'
import { createJobQueue } from './jobs/job-queue'
import { pruneStoredKeysJob } from './jobs/prune-stored-keys.job'
import { ALL_JOBS } from './job-registry'
import { queuedMailer } from './jobs/send-mail.job'
import { jsonLogger } from './lib/log'
import { trackConnections } from './lib/graceful-shutdown'
import { ACCESS_CHANNEL, AccessCache } from './lib/access-cache'

async function main() {
  const env = readEnv()
  let release = () => {}
  if (!env.databaseUrl) {
    try {
      release = (await lockDataDir(env.dataDir)).release
    } catch (e) {
      if (e instanceof DataDirLockedError) {
        console.error(`\n${e.message}\n`)
        process.exit(1)
      }
      throw e
    }
  }
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir })
  // Under the start-up lock: a second copy starting at the same moment waits, then finds the seed done.
  const seeded = await database.exclusive(() => seed(database.db, {
    adminUsername: env.adminUsername,
    adminPassword: env.adminPassword,
    sampleData: env.sampleData,
    samplePassword: env.samplePassword,
    sampleSittings: true,
  }))
  const transport = createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, mailDir: join(env.dataDir, 'mail') })
  const jobs = createJobQueue({ db: database.db, env, transport, connection: database.jobConnection, jobs: ALL_JOBS, workers: true })
  await jobs.start()
  // Kept look-ups are used only while this process hears every change of access (ADR 0101).
  const access = new AccessCache(env.accessCacheSeconds * 1000, { listening: false })
  const stopListening = await database.listen?.(ACCESS_CHANNEL, (payload) => access.changed(payload), (on) => access.setListening(on))
  const app = createApp({ db: database.db, env, mailer: queuedMailer(jobs), jobs, log: jsonLogger, readiness: database.readiness, access })

  if (existsSync(join(env.distDir, 'index.html'))) {
    serveWebApp(app, env.distDir, env.baseDomain)
  } else {
    console.warn(`[start] no built web app in ${env.distDir}: serving the API only (run npm run build)`)
  }

  await jobs.send(pruneStoredKeysJob, {}) // then hourly (its cron)

  const server = serve({ fetch: app.fetch, port: env.port }, () => {
    const where = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${join(env.dataDir, 'pgdata')}`
    const lines = [
      '',
      `Miscue is running on ${where}`,
      `  Platform:    http://${env.baseDomain}:${env.port}`,
    ]
    if (env.sampleData) lines.push(`  Institution: http://sample.${env.baseDomain}:${env.port}`)
    if (seeded.created) {
      lines.push('', `First start: created the platform admin "${seeded.adminUsername}".`)
      if (seeded.generatedAdminPassword) lines.push(`  Admin password (shown once): ${seeded.generatedAdminPassword}`)
      if (seeded.sampleUsers) {
        lines.push(`  Sample institution users: ${seeded.sampleUsers.join(', ')}`)
        if (seeded.generatedSamplePassword) lines.push(`  Their password (shown once): ${seeded.generatedSamplePassword}`)
      }
    }
    console.log(lines.join('\n') + '\n')
  })

  // Graceful shutdown: stop accepting, let requests in flight finish (up to SHUTDOWN_TIMEOUT_MS), then
  // close the database and release DATA_DIR.
  const connections = trackConnections(server as Server)
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    jsonLogger('info', 'shutting down', { signal, in_flight: connections.busy() })
    const drained = await connections.close(env.shutdownTimeoutMs)
    await jobs.stop().catch(() => {})
    await stopListening?.().catch(() => {})
    await database.close().catch(() => {})
    release()
    jsonLogger('info', 'stopped', { drained })
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('exit', () => release())
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
