import { defineArrayMember, defineField, type InitialValueResolverContext } from 'sanity'
import { SCHEMA_API_VERSION } from '../api-version'

interface SharedListOptions {
  name: string
  title: string
  description: string
  /** The shared documents' type (statistic, testimonial). */
  to: string
  min: number
  max: number
}

/**
 * Documents every page shares, chosen and ordered by this section: references, as Sanity's
 * page-builder guidance has for content reused across pages. A new section starts with all of them in
 * their Position order, as the home page shows them.
 */
export function sharedList({ name, title, description, to, min, max }: SharedListOptions) {
  return defineField({
    name,
    title,
    description,
    type: 'array',
    of: [defineArrayMember({ type: 'reference', to: [{ type: to }] })],
    initialValue: async (_params: unknown, { getClient }: InitialValueResolverContext) => {
      const ids = await getClient({ apiVersion: SCHEMA_API_VERSION }).fetch<string[]>(
        `*[_type == $type && !(_id in path("drafts.**"))] | order(order asc)._id`,
        { type: to },
      )
      return ids.map((id) => ({ _type: 'reference', _ref: id, _key: id }))
    },
    validation: (rule) => rule.required().min(min).max(max).unique(),
  })
}
