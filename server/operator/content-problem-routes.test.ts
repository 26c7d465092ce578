import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { registerContentProblemRoutes, studioEditUrl } from './content-problem-routes.ts'

describe('studioEditUrl', () => {
  it('opens the document in the Studio at the field’s top, each value encoded', () => {
    expect(
      studioEditUrl('https://pulso.sanity.studio/', {
        document: { type: 'hero', id: 'hero' },
        field: 'oldWayPoints[1].pt',
        expected: 'string',
      }),
    ).toBe('https://pulso.sanity.studio/intent/edit/id=hero;type=hero;path=oldWayPoints')
    expect(
      studioEditUrl('http://localhost:3333', { document: { type: 'statistic', id: 'a;b=c' }, field: '', expected: 'object' }),
    ).toBe('http://localhost:3333/intent/edit/id=a%3Bb%3Dc;type=statistic')
  })

  it('has no address for a problem that names no single document', () => {
    expect(
      studioEditUrl('http://localhost:3333', { document: { type: 'testimonial' }, field: '', expected: 'array' }),
    ).toBeUndefined()
    expect(studioEditUrl('http://localhost:3333', { field: '', expected: 'object' })).toBeUndefined()
  })
})

describe('GET /content-problems', () => {
  it('lists the problems the content has when asked, each with its document’s address', async () => {
    let problems = [{ document: { type: 'siteSettings', id: 'siteSettings' }, field: 'brandName', expected: 'string' }]
    const app = Fastify()
    registerContentProblemRoutes(app, { problems: async () => problems, studioUrl: 'http://localhost:3333' })
    expect((await app.inject('/content-problems')).json()).toEqual({
      problems: [
        { ...problems[0], studioUrl: 'http://localhost:3333/intent/edit/id=siteSettings;type=siteSettings;path=brandName' },
      ],
    })
    problems = []
    expect((await app.inject('/content-problems')).json()).toEqual({ problems: [] })
  })
})
