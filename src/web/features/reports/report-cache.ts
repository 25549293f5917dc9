// Reports kept on this device for offline reading (ADR 0051) live in the shared per-user device cache
// (lib/db/kept-fetch.ts) under keys with this prefix, so the cache can list or drop the reports alone.
export const REPORT_KEY_PREFIX = 'report:'
