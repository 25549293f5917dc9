// Sets language and direction before the first paint so Arabic never flashes left-to-right. A file,
// not an inline script, so the Content-Security-Policy can forbid inline scripts (script-src 'self').
;(function () {
  try {
    var lang = (localStorage.getItem('language') || 'en').slice(0, 2).toLowerCase()
    if (lang !== 'ar') lang = 'en'
    var dir = localStorage.getItem('direction') === 'rtl' || lang === 'ar' ? 'rtl' : 'ltr'
    document.documentElement.lang = lang
    document.documentElement.dir = dir
  } catch {
    // Storage blocked: keep the defaults.
  }
})()
