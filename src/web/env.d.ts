/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** package.json version, injected by vite.config.ts; busts the persisted query cache on upgrade. */
declare const __APP_VERSION__: string

/** Unique per build (BUILD_ID, else version + build time), injected by vite.config.ts: the query-cache buster. */
declare const __BUILD_ID__: string
