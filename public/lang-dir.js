// Sets language and direction before the first paint so Arabic never flashes left-to-right, and starts
// fetching what the first screen needs alongside the app's entry rather than after it has run (ADR 0100).
// A file, not an inline script, so the Content-Security-Policy can forbid inline scripts (script-src
// 'self'). The build writes the addresses in place of the placeholder (vite.config.ts firstPaintPreloads);
// in development there are none.
;(function () {
  var lang = 'en'
  try {
    lang = (localStorage.getItem('language') || 'en').slice(0, 2).toLowerCase()
    if (lang !== 'ar') lang = 'en'
    var dir = localStorage.getItem('direction') === 'rtl' || lang === 'ar' ? 'rtl' : 'ltr'
    document.documentElement.lang = lang
    document.documentElement.dir = dir
  } catch {
    // Storage blocked: keep the defaults.
  }
  var preloads = /*__PRELOADS__*/ null
  if (!preloads) return
  var add = function (rel, href, as) {
    var link = document.createElement('link')
    link.rel = rel
    link.href = href
    if (as === 'font') {
      link.as = 'font'
      link.type = 'font/woff2'
      link.crossOrigin = 'anonymous'
    }
    document.head.appendChild(link)
  }
  add('modulepreload', preloads.catalog[lang])
  if (lang === 'ar') add('preload', preloads.font, 'font')
  // The sign-in page, or the address of the institution while signed out (it leads to the sign-in page).
  var signedOut = document.cookie.indexOf('auth_info=') < 0
  if (location.pathname.indexOf('/login') === 0 || (location.pathname === '/' && signedOut)) {
    for (var i = 0; i < preloads.login.length; i++) add('modulepreload', preloads.login[i])
  }
})()
