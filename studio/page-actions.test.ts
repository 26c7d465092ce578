import { describe, expect, it } from 'vitest'
import type { DocumentActionComponent, DocumentActionDescription, DocumentActionProps, SanityDocumentLike } from 'sanity'
import { HOME_PAGE_ID } from '../schemas/page-paths'
import { pageActions, pageCopy } from './page-actions'

const campaign = {
  _id: 'campaign',
  _type: 'page',
  title: { _type: 'localeString', pt: 'RH', en: 'HR' },
  slug: { _type: 'pageSlug', pt: { _type: 'slug', current: 'rh' }, en: { _type: 'slug', current: 'for-hr-leaders' } },
  sections: [{ _key: 'hero', _type: 'heroSection' }],
}

/** A Studio action that records what it was called with, as the Studio's own would receive it. */
function recordingAction(name: string) {
  const calls: DocumentActionProps[] = []
  const action = Object.assign(
    (props: DocumentActionProps): DocumentActionDescription => {
      calls.push(props)
      return { label: name }
    },
    { action: name },
  ) as DocumentActionComponent
  return { action, calls }
}

const props = { id: 'campaign', type: 'page' } as DocumentActionProps

describe('a page’s document actions', () => {
  it('duplicate a page without its addresses, so the copy cannot take the original’s', () => {
    const duplicate = recordingAction('duplicate')
    const [action] = pageActions([duplicate.action], 'campaign')
    expect(action?.action).toBe('duplicate')
    expect(action?.(props)).toEqual({ label: 'duplicate' })
    const mapDocument = (
      duplicate.calls[0] as DocumentActionProps & { mapDocument?: (d: SanityDocumentLike) => SanityDocumentLike }
    ).mapDocument
    const copy = mapDocument?.({ ...campaign, _id: 'drafts.copy' })
    expect(copy).toEqual({ _id: 'drafts.copy', _type: 'page', title: campaign.title, sections: campaign.sections })
    expect(pageCopy(campaign)).not.toHaveProperty('slug')
  })

  it('keep the home page on the site: no delete or unpublish, but it can be duplicated into a new page', () => {
    const actions = ['publish', 'unpublish', 'delete', 'duplicate'].map((name) => recordingAction(name).action)
    expect(pageActions(actions, HOME_PAGE_ID).map(({ action }) => action)).toEqual(['publish', 'duplicate'])
    expect(pageActions(actions, `drafts.${HOME_PAGE_ID}`).map(({ action }) => action)).toEqual(['publish', 'duplicate'])
    expect(pageActions(actions, 'campaign').map(({ action }) => action)).toEqual(['publish', 'unpublish', 'delete', 'duplicate'])
  })
})
