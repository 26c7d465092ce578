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

  it('answers a full disk 503 with its SQLSTATE, as PostgREST does, without the files PostgreSQL names', () => {
    const full = { code: '53100', message: 'could not extend file "base/5/16528_fsm": No space left on device' }
    const answer = fromPgError(full)
    expect(answer).toMatchObject({ status: 503, body: { code: '53100', details: null } })
    expect(answer.body.message).not.toContain('base/5')
  })

  it('keeps a configured limit (53400) a 500, as PostgREST does', () => {
    expect(fromPgError({ code: '53400', message: 'temporary file size exceeds temp_file_limit' })).toMatchObject({ status: 500 })
  })
})
