/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** package.json version, injected by vite.config.ts; busts the persisted query cache on upgrade. */
declare const __APP_VERSION__: string
