import { reloadOnFailedChunk } from './app/chunk-reload'
import { startApp } from './app/start-app'
import { loadAndActivateLanguage } from './lib/i18n/i18n'
import { nextTask } from './lib/scheduling/next-task'
import './styles.css'

reloadOnFailedChunk()
// Only the active language's catalog is fetched (ADR 0100); the first render waits for it (app/start-app.tsx).
const language = loadAndActivateLanguage()
// The app's modules have just run their top-level code (route definitions, schemas, the libraries); the
// router and the rest are set up in the next task, so that a slow tablet runs two shorter tasks rather
// than one long one (ADR 0111).
void nextTask().then(() => startApp(language))
