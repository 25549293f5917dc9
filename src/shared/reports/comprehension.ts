// The comprehension step of an assessment (issue 25, ADR 0122): questions with the answer expected, or a retell
// rubric, authored with the assessment; the teacher scores each item right after the reading, and the level
// decision combines the sitting's accuracy band with the comprehension as Fountas & Pinnell do. The decision
// table is data in the scoring profile (`ScoringRules.comprehension`), versioned like the other rules.
import type { Band } from './figures'

export type ComprehensionKind = 'questions' | 'retell'
export const COMPREHENSION_KINDS: readonly ComprehensionKind[] = ['questions', 'retell']

/** A question and the answer expected, or a retell criterion (`expected` empty), worth up to `points`. */
export type ComprehensionItem = { prompt: string; expected: string; points: number }

/** The step as authored with an assessment. */
export type ComprehensionStep = { kind: ComprehensionKind; items: ComprehensionItem[] }

/** The step as scored and stored with a sitting: each item with the points the teacher gave. */
export type ScoredComprehension = {
  kind: ComprehensionKind
  items: (ComprehensionItem & { given: number })[]
  score: number
  max: number
  category: ComprehensionCategory | null
}

/** F&P's words for a comprehension conversation's total. */
export type ComprehensionCategory = 'excellent' | 'satisfactory' | 'limited' | 'unsatisfactory'

/** Where a text stands for the reader: F&P's independent, instructional or hard. */
export type LevelDecision = 'independent' | 'instructional' | 'hard'

/**
 * How comprehension and accuracy decide the level for texts of the listed levels (null: any level). The total is
 * put on F&P's scale (`out_of`: 7 for levels A–K, 10 for L–Z) unrounded; `excellent`, `satisfactory`, `limited`
 * are the lowest totals of each category on that scale. `decision`: the accuracy band (from the profile's cut-offs
 * for the level) by the comprehension category.
 */
export type ComprehensionRule = {
  levels: string[] | null
  out_of: number
  excellent: number
  satisfactory: number
  limited: number
  decision: Record<Band, Record<ComprehensionCategory, LevelDecision>>
}

/** F&P's table: a hard text below the accuracy cut-offs whatever the comprehension; limited comprehension drops a level. */
const FP_DECISION: ComprehensionRule['decision'] = {
  independent: { excellent: 'independent', satisfactory: 'independent', limited: 'instructional', unsatisfactory: 'hard' },
  instructional: { excellent: 'instructional', satisfactory: 'instructional', limited: 'hard', unsatisfactory: 'hard' },
  frustration: { excellent: 'hard', satisfactory: 'hard', limited: 'hard', unsatisfactory: 'hard' },
}

const letters = (from: string, to: string) => Array.from({ length: to.charCodeAt(0) - from.charCodeAt(0) + 1 }, (_, i) => String.fromCharCode(from.charCodeAt(0) + i))

/**
 * Fountas & Pinnell (2016), Benchmark Assessment System 1, 3rd ed., Assessment Guide: the comprehension
 * conversation scored out of 7 for levels A–K (excellent 6–7, satisfactory 5, limited 4, unsatisfactory 0–3) and
 * out of 10 for L–Z (9–10, 7–8, 5–6, 0–4); "Finding the independent, instructional and hard texts".
 */
export const FP_COMPREHENSION: ComprehensionRule[] = [
  { levels: letters('A', 'K'), out_of: 7, excellent: 6, satisfactory: 5, limited: 4, decision: FP_DECISION },
  { levels: letters('L', 'Z'), out_of: 10, excellent: 9, satisfactory: 7, limited: 5, decision: FP_DECISION },
  { levels: null, out_of: 10, excellent: 9, satisfactory: 7, limited: 5, decision: FP_DECISION },
]

/** The rule for a text of this level: the first listing it, else the first without levels. */
export function comprehensionRuleFor(rules: readonly ComprehensionRule[] | undefined, level: string | null | undefined): ComprehensionRule | null {
  if (!rules?.length) return null
  const key = level?.trim().toUpperCase()
  return (key ? rules.find((r) => r.levels?.includes(key)) : undefined) ?? rules.find((r) => r.levels === null) ?? null
}

/** The category of `score` out of `max` on the rule's scale, compared unrounded. */
export function categoryOf(rule: ComprehensionRule, score: number, max: number): ComprehensionCategory {
  const scaled = max > 0 ? (score / max) * rule.out_of : 0
  if (scaled >= rule.excellent) return 'excellent'
  if (scaled >= rule.satisfactory) return 'satisfactory'
  if (scaled >= rule.limited) return 'limited'
  return 'unsatisfactory'
}

/** The step with the teacher's points (one number per item, each from 0 to the item's points). */
export function scoreComprehension(step: ComprehensionStep, given: readonly number[], rule: ComprehensionRule | null): ScoredComprehension {
  const items = step.items.map((item, i) => ({ ...item, given: Math.max(0, Math.min(item.points, given[i] ?? 0)) }))
  const score = items.reduce((n, item) => n + item.given, 0)
  const max = items.reduce((n, item) => n + item.points, 0)
  return { kind: step.kind, items, score, max, category: rule ? categoryOf(rule, score, max) : null }
}

/** The level decision for an accuracy band and a comprehension category under the rule. */
export function levelDecision(rule: ComprehensionRule, band: Band, category: ComprehensionCategory): LevelDecision {
  return rule.decision[band][category]
}

/**
 * The comprehension of a sitting and its level decision: the step scored with the rule for the text's level, and
 * the decision from the sitting's accuracy band (null when the profile sets no comprehension rules).
 */
export function judgeComprehension(input: {
  rules: readonly ComprehensionRule[] | undefined
  step: ComprehensionStep
  given: readonly number[]
  text_level: string | null | undefined
  band: Band
}): { comprehension: ScoredComprehension; level_decision: LevelDecision | null } {
  const rule = comprehensionRuleFor(input.rules, input.text_level)
  const comprehension = scoreComprehension(input.step, input.given, rule)
  return { comprehension, level_decision: rule && comprehension.category ? levelDecision(rule, input.band, comprehension.category) : null }
}

