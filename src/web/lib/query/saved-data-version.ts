// The version of the shape of the answers the persisted query cache holds (app/query-client.ts buster,
// ADR 0115). Bumped only when that shape changes, so an older saved copy is never read as the new shape; an
// update that leaves it alone keeps the saved screens, and the app opens offline after it.
// saved-data-version.test.ts fails when the shape changes without a bump: it prints the new fingerprint.
export const SAVED_DATA_VERSION = 4

/** The fingerprint of the saved shape at SAVED_DATA_VERSION (see saved-data-version.test.ts). */
export const SAVED_DATA_FINGERPRINT = 'b90cea731bfdfc3e'
