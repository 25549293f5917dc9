// The language choice. Until it is first used it is a plain button that looks the same; pressing it
// (or pointing at it, or focusing it) loads the Headless UI list, which then opens. The sign-in page
// thus never downloads Headless UI on a first visit (ADR 0100); the service worker precaches it.
import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { getLanguage, switchLanguage } from '../../lib/i18n/language'
import type { Language } from '../../lib/i18n/language'
import { ChevronDownIcon, GlobeIcon } from './icons'
import { StandInButton } from './stand-in'

// Language names are written in their own language so everyone can find theirs.
const NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' }
const BUTTON_CLASS =
  'inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600'

const loadListbox = () => import('./language-listbox')
const LanguageListbox = lazy(loadListbox)

export function LanguageSelect() {
  const { t } = useLingui()
  const [used, setUsed] = useState(false)
  const current = getLanguage()
  const currentName = NAMES[current]
  const label = t`Language: ${currentName}`
  const face = (
    <>
      <GlobeIcon className="size-4" />
      {/* On a phone the globe alone: the top bar keeps the logo and the welcome note within the screen. */}
      <span lang={current} className="hidden sm:inline">{NAMES[current]}</span>
      <ChevronDownIcon className="size-4 text-slate-400" />
    </>
  )
  const standIn = (
    <StandInButton popup="listbox" label={label} className={BUTTON_CLASS} warm={() => void loadListbox()} onUse={() => setUsed(true)}>
      {face}
    </StandInButton>
  )
  if (!used) return standIn
  return (
    <Suspense fallback={standIn}>
      <LanguageListbox current={current} names={NAMES} label={label} face={face} buttonClassName={BUTTON_CLASS} openOnMount
        onChange={(language) => language !== current && switchLanguage(language)} />
    </Suspense>
  )
}
