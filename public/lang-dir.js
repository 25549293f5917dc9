// Sets language and direction before the app renders so Arabic never flashes left-to-right, and starts
// fetching what the first screen needs alongside the app's entry rather than after it has run (ADR 0100):
// its catalog, and for someone signed in the shell's calls (ADR 0109).
// Loaded with `defer`: it does not hold up the parser or the first paint (the page is blank until the app
// renders), and it still runs before the app's entry, a module script, which comes after it (ADR 0105).
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
  if (lang === 'ar') add('preload', preloads.font, 'font')
  // The sign-in page, or the address of the institution while signed out (it leads to the sign-in page):
  // its own chunks, and the catalog of its messages only (ADR 0105); the app's start reads the address
  // from window.miscueSignInCatalog and fetches the full catalog after the first paint.
  var signedOut = document.cookie.indexOf('auth_info=') < 0
  if (document.documentElement.getAttribute('data-page') === 'sign-in') {
    // The sign-in page of its own (sign-in.html, ADR 0106): its chunks are preloaded by its HTML.
    window.miscueSignInCatalog = preloads.signInCatalog[lang]
    add('modulepreload', preloads.signInCatalog[lang])
  } else if (location.pathname.indexOf('/login') === 0 || (location.pathname === '/' && signedOut)) {
    window.miscueSignInCatalog = preloads.signInCatalog[lang]
    add('modulepreload', preloads.signInCatalog[lang])
    for (var i = 0; i < preloads.login.length; i++) add('modulepreload', preloads.login[i])
  } else {
    add('modulepreload', preloads.catalog[lang])
    askShellEarly(preloads.shellCalls, lang)
  }

  // Signed in and opening a screen of the app: the shell's calls (the profile, the schools, the years) go out
  // now, while the app's code downloads, rather than once it has run (ADR 0109). The app's API client takes
  // these answers instead of asking again (src/web/lib/api/early-answers.ts), for the same token only.
  function askShellEarly(paths, language) {
    var token
    try {
      var cookie = document.cookie.split('; ').filter(function (part) { return part.indexOf('auth_info=') === 0 })[0]
      token = cookie ? JSON.parse(decodeURIComponent(cookie.slice('auth_info='.length))).access_token : null
    } catch {
      return // an unreadable session: the app will decide
    }
    if (typeof token !== 'string' || !token || typeof fetch !== 'function') return
    var early = {}
    for (var j = 0; j < paths.length; j++) {
      var answer = fetch(paths[j], {
        headers: { Accept: 'application/json', 'Accept-Language': language, Authorization: 'Bearer ' + token },
        credentials: 'same-origin',
      })
      answer.catch(function () {}) // offline: the app's own call will say so
      early[paths[j]] = { token: token, at: Date.now(), answer: answer }
    }
    window.miscueEarlyAnswers = early
  }
})()
