// Reads of a second scoring (issue 27, ADR 0128): the blind view a second scorer marks from, the miscue types
// they mark with, and the comparison of the two scorings. Kept on this device like the sitting report, so a
// scorer who opened a reading can mark it offline. Keys sit under the reports' prefix: a correction or a
// settling of the sitting refreshes them with the reports.
import { queryOptions } from '@tanstack/react-query'
import { api, type ListPayload } from '../../../shared/api'
import type { AgreementSummary, BlindSitting, ScoringComparison, SecondScorerChoice, WaitingScoring } from '../../../shared/schemas/second-scoring'
import type { MiscueType } from '../../../shared/schemas/scoring'
import { apiRequest } from '../../lib/api/api-client'
import { keptOnDevice } from '../../lib/db/kept-fetch'

export type SittingPlace = { schoolId: number; classId: number; sittingId: number }

export const secondScoringKeys = {
  all: ['reports', 'second-scoring'] as const,
  blind: ({ schoolId, classId, sittingId }: SittingPlace) => [...secondScoringKeys.all, 'blind', schoolId, classId, sittingId] as const,
  comparison: ({ schoolId, classId, sittingId }: SittingPlace) => [...secondScoringKeys.all, 'comparison', schoolId, classId, sittingId] as const,
  types: () => [...secondScoringKeys.all, 'types'] as const,
  scorers: ({ schoolId, classId, sittingId }: SittingPlace) => [...secondScoringKeys.all, 'scorers', schoolId, classId, sittingId] as const,
  waiting: () => [...secondScoringKeys.all, 'waiting'] as const,
  summary: (by: SummaryBy, from: string, to: string) => [...secondScoringKeys.all, 'summary', by, from, to] as const,
}

export type SummaryBy = AgreementSummary['by']

const placeKey = ({ schoolId, classId, sittingId }: SittingPlace) => `${schoolId}:${classId}:${sittingId}`
const valid = ({ schoolId, classId, sittingId }: SittingPlace) => schoolId > 0 && classId > 0 && sittingId > 0

export function blindSittingQuery(place: SittingPlace) {
  return queryOptions({
    queryKey: secondScoringKeys.blind(place),
    queryFn: (context) => apiRequest<BlindSitting>({ path: api.sittingBlind(place.schoolId, place.classId, place.sittingId), signal: context.signal }),
    persister: keptOnDevice(`second-scoring:blind:${placeKey(place)}`),
    enabled: valid(place),
  })
}

/** The institution's miscue types: the palette of the scoring screen. */
export function markingTypesQuery() {
  return queryOptions({
    queryKey: secondScoringKeys.types(),
    queryFn: async (context) => (await apiRequest<ListPayload<MiscueType>>({ path: api.miscueTypes, signal: context.signal })).results,
    persister: keptOnDevice('second-scoring:types'),
    staleTime: 5 * 60_000,
  })
}

export function comparisonQuery(place: SittingPlace) {
  return queryOptions({
    queryKey: secondScoringKeys.comparison(place),
    queryFn: (context) => apiRequest<ScoringComparison>({ path: api.scoringComparison(place.schoolId, place.classId, place.sittingId), signal: context.signal }),
    persister: keptOnDevice(`second-scoring:comparison:${placeKey(place)}`),
    enabled: valid(place),
  })
}

/** Who may be asked to score the sitting, each with the request already made to them. */
export function scorersQuery(place: SittingPlace, enabled: boolean) {
  return queryOptions({
    queryKey: secondScoringKeys.scorers(place),
    queryFn: async (context) => (await apiRequest<ListPayload<SecondScorerChoice>>({
      path: api.secondScorers(place.schoolId, place.classId, place.sittingId), signal: context.signal,
    })).results,
    enabled: enabled && valid(place),
  })
}

/** The readings the signed-in user was asked to score (kept, so the list reads offline). */
export function waitingQuery() {
  return queryOptions({
    queryKey: secondScoringKeys.waiting(),
    queryFn: async (context) => (await apiRequest<ListPayload<WaitingScoring>>({ path: api.waitingScorings, signal: context.signal })).results,
    persister: keptOnDevice('second-scoring:waiting'),
  })
}

export function summaryQuery(by: SummaryBy, from: string, to: string) {
  return queryOptions({
    queryKey: secondScoringKeys.summary(by, from, to),
    queryFn: (context) => apiRequest<AgreementSummary>({ path: api.agreementSummary(by, from, to), signal: context.signal }),
    persister: keptOnDevice(`second-scoring:summary:${by}:${from}:${to}`),
    enabled: Boolean(from && to),
  })
}
