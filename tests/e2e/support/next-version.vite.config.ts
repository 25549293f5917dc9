// The app's build with one visible difference, standing for the next version of the app in the browser tests
// of updates (tests/e2e/support/next-version.ts): its page says which version it is.
import { mergeConfig } from 'vite'
import type { Plugin } from 'vite'
import app from '../../../vite.config'

const marksVersion: Plugin = {
  name: 'e2e-next-version',
  transformIndexHtml: (html) => html.replace('</head>', '<meta name="miscue-e2e-version" content="next"></head>'),
}

export default mergeConfig(app, { plugins: [marksVersion] })
