// The keyboard shortcuts of the capture screen, for a teacher marking on a laptop.
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { ScoringRules } from '../../../../shared/reports/scoring-profile'

function Row({ keys, children }: { keys: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-slate-700">{children}</dt>
      <dd><kbd className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 ring-1 ring-slate-300" dir="ltr">{keys}</kbd></dd>
    </div>
  )
}

export function ShortcutsHelp({ direction, rules }: { direction: 'ltr' | 'rtl'; rules: Pick<ScoringRules, 'one_minute_bracket' | 'hesitation_cue'> }) {
  return (
    <details className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
      <summary className="cursor-pointer font-semibold text-slate-900"><Trans>Keyboard shortcuts</Trans></summary>
      <dl className="mt-2 divide-y divide-slate-100">
        <Row keys={direction === 'rtl' ? '← →' : '→ ←'}><Trans>Next or previous word</Trans></Row>
        <Row keys="↓ ↑ Home End"><Trans>Ten words on or back; first or last word</Trans></Row>
        <Row keys="Enter"><Trans>Mark the word with the chosen type (again to clear)</Trans></Row>
        <Row keys="1–9 [ ]"><Trans>Choose a type; previous or next type</Trans></Row>
        <Row keys="C"><Trans>Self-correction on the word</Trans></Row>
        <Row keys="I"><Trans>Insertion before the word</Trans></Row>
        <Row keys="X"><Trans>Next error type on the word</Trans></Row>
        <Row keys="L"><Trans>The word is the last one read</Trans></Row>
        <Row keys="K"><Trans>Skip the word's whole line (again to give it back)</Trans></Row>
        {rules.one_minute_bracket && <Row keys="B"><Trans>The word is the one reached at one minute</Trans></Row>}
        {rules.hesitation_cue && <Row keys="H"><Trans>Start or stop the 3-second hesitation cue</Trans></Row>}
        <Row keys="P"><Trans>Start, pause or carry on reading</Trans></Row>
        <Row keys="S"><Trans>Stop the reading</Trans></Row>
        <Row keys="Ctrl+Z"><Trans>Undo</Trans></Row>
        <Row keys="Ctrl+Y / Ctrl+Shift+Z"><Trans>Redo</Trans></Row>
      </dl>
    </details>
  )
}
