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
  // its own chunks, and the catalog of its messages only (ADR 0105); a class report opened by its address
  // while signed in: the catalog of the app's start and the report's messages (ADR 0108). The app's start
  // reads the address from window.miscueFirstCatalog and fetches the full catalog after the first paint.
  var signedOut = document.cookie.indexOf('auth_info=') < 0
  var startWith = function (catalog, screen) {
    window.miscueFirstCatalog = { file: catalog, screen: screen }
    add('modulepreload', catalog)
  }
  if (document.documentElement.getAttribute('data-page') === 'sign-in') {
    // The sign-in page of its own (sign-in.html, ADR 0106): its chunks are preloaded by its HTML.
    startWith(preloads.signInCatalog[lang], 'sign-in')
  } else if (location.pathname.indexOf('/login') === 0 || (location.pathname === '/' && signedOut)) {
    startWith(preloads.signInCatalog[lang], 'sign-in')
    for (var i = 0; i < preloads.login.length; i++) add('modulepreload', preloads.login[i])
  } else {
    var report = signedOut ? null : classReportOnPage(preloads.classReport)
    if (report) startWith(preloads.classReport.catalog[lang], 'report')
    else add('modulepreload', preloads.catalog[lang])
    askEarly(preloads, lang, report)
    setTimeout(warmIntl, 0)
  }

  // The first date or number the app formats sets up the browser's locale data, which costs a slow tablet
  // more than the rest of a screen's first render (about 100 ms at a quarter of this machine's speed). Done
  // now, in a task of its own while the app's code downloads, when the page has nothing else to do (ADR 0110).
  function warmIntl() {
    try {
      new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(0)
      new Intl.NumberFormat(lang).format(0)
      new Intl.PluralRules(lang).select(0)
    } catch {
      // No Intl: the app will say what it can.
    }
  }

  // Signed in and opening a screen of the app: the shell's calls (the profile, the schools, the years) go out
  // now, while the app's code downloads, rather than once it has run (ADR 0109); on a class report, the
  // report's calls too, as soon as its school and year are known (ADR 0110). The app's API client takes these
  // answers instead of asking again (src/web/lib/api/early-answers.ts), for the same token only.
  function askEarly(preloads, language, report) {
    var token
    try {
      var cookie = document.cookie.split('; ').filter(function (part) { return part.indexOf('auth_info=') === 0 })[0]
      token = cookie ? JSON.parse(decodeURIComponent(cookie.slice('auth_info='.length))).access_token : null
    } catch {
      return // an unreadable session: the app will decide
    }
    if (typeof token !== 'string' || !token || typeof fetch !== 'function') return
    var early = {}
    window.miscueEarlyAnswers = early
    var ask = function (path) {
      if (early[path] !== undefined) return null // asked already: by the app, once its code ran first
      var answer = fetch(path, {
        headers: { Accept: 'application/json', 'Accept-Language': language, Authorization: 'Bearer ' + token },
        credentials: 'same-origin',
      })
      answer.catch(function () {}) // offline: the app's own call will say so
      early[path] = { token: token, at: Date.now(), answer: answer }
      return answer
    }
    var shell = {}
    for (var j = 0; j < preloads.shellCalls.length; j++) shell[preloads.shellCalls[j]] = ask(preloads.shellCalls[j])
    if (!report) return
    // The report's screen's code, which the app's start would only ask for once it has run; after the shell's
    // calls, which the report's wait for.
    for (var m = 0; m < report.chunks.length; m++) add('modulepreload', report.chunks[m])
    askClassReport(report, ask, shell)
  }

  // A class report opened by its address (src/web/features/reports/early-calls.ts, ADR 0110): its calls and
  // the ids of the address (routes/_app/report/index.tsx), or null on any other screen.
  function classReportOnPage(report) {
    if (location.pathname.replace(/\/+$/, '') !== report.page) return null
    var search = new URLSearchParams(location.search)
    var id = function (name) {
      var n = Number(search.get(name))
      return n > 0 && n % 1 === 0 ? n : 0
    }
    var calls = report.calls[id('type')]
    if (!calls || !id('class')) return null
    return { calls: calls, chunks: report.chunks, lists: report.lists, stored: report.stored, class: id('class'), year: id('year'), assessment: id('assessment') }
  }

  // The report's calls, for the school and, without a year in the address, the year the app will choose
  // (features/shell/selection.ts): the tab's choice while it is still an option, else the first. The choice
  // is read from the shell's answers, so these calls wait for those.
  function askClassReport(report, ask, shell) {
    var choose = function (path, key) {
      var stored = 0
      try {
        stored = Number(sessionStorage.getItem(key))
      } catch {
        // Storage blocked: the first option, as the app would.
      }
      return shell[path].then(function (response) { return response.ok ? response.clone().json() : null }).then(function (body) {
        var options = (body && body.payload && body.payload.results) || []
        for (var k = 0; k < options.length; k++) if (options[k].id === stored) return stored
        return options.length ? options[0].id : 0
      })
    }
    Promise.all([choose(report.lists.school, report.stored.school), report.year || choose(report.lists.year, report.stored.year)]).then(function (chosen) {
      if (!chosen[0] || !chosen[1]) return
      var filled = { school: chosen[0], class: report.class, year: chosen[1], assessment: report.assessment }
      for (var c = 0; c < report.calls.length; c++) ask(report.calls[c].replace(/\{(\w+)\}/g, function (_, name) { return String(filled[name]) }))
    }, function () {}) // offline or refused: the app will ask, and say so
  }
})()
