import { describe, expect, it } from 'vitest'
import { fromPgError } from './postgrest-errors.ts'

describe('fromPgError', () => {
  it('answers a raised PGRST error as PostgREST does: its body, status and headers', () => {
    const raised = {
      code: 'PGRST',
      message: '{"code":"PT429","message":"Too many sign-ups from this address.","details":"Try again in 540 seconds."}',
      detail: '{"status":429,"headers":{"Retry-After":"540"}}',
    }
    expect(fromPgError(raised)).toEqual({
      status: 429,
      headers: { 'Retry-After': '540' },
      body: { code: 'PT429', message: 'Too many sign-ups from this address.', details: 'Try again in 540 seconds.', hint: null },
    })
  })

  it('answers PGRST121 (500) when the raised JSON cannot be read', () => {
    expect(fromPgError({ code: 'PGRST', message: 'not json', detail: '{"status":429}' })).toMatchObject({
      status: 500,
      body: { code: 'PGRST121' },
    })
  })

  it('maps other SQLSTATEs as before, without headers', () => {
    expect(fromPgError({ code: '23514', message: 'violates check constraint' })).toMatchObject({
      status: 400,
      headers: {},
      body: { code: '23514' },
    })
  })
})
