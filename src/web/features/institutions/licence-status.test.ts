import { describe, expect, it } from 'vitest'
import type { Licence } from '../../../shared/schemas/licence'
import { licenceRowStatus, utcToday } from './licence-status'

const licence = (id: number, from_date: string, to_date: string, purchase_quantity: number, used_quantity = 10): Licence => ({
  id, institution_id: 1, from_date, to_date, purchase_quantity, used_quantity, updated_at: '2025-01-01T00:00:00Z',
})

describe('licenceRowStatus', () => {
  const today = '2025-06-15'
  it('labels licences that have not started, have ended or cover today', () => {
    const rows = [licence(1, '2025-07-01', '2025-12-31', 50), licence(2, '2024-01-01', '2025-06-14', 50), licence(3, '2025-06-15', '2025-06-15', 50)]
    expect(rows.map((r) => licenceRowStatus(r, rows, today))).toEqual(['UPCOMING', 'EXPIRED', 'ACTIVE'])
  })

  it('is exhausted only when the used places reach every covering licence added up (a top-up)', () => {
    const alone = [licence(1, '2025-01-01', '2025-12-31', 10, 10)]
    expect(licenceRowStatus(alone[0]!, alone, today)).toBe('EXHAUSTED')
    const topUp = [...alone, licence(2, '2025-06-01', '2025-06-30', 5, 10)]
    expect(topUp.map((r) => licenceRowStatus(r, topUp, today))).toEqual(['ACTIVE', 'ACTIVE'])
  })

  it('compares with the UTC day, as the server does', () => {
    expect(utcToday(new Date('2025-06-15T23:30:00-05:00'))).toBe('2025-06-16')
  })
})
