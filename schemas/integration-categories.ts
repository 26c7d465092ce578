/** The kinds of tools the platform section groups integrations by, in the page's order. */
export const integrationCategories = ['chat', 'video', 'team'] as const
export type IntegrationCategory = (typeof integrationCategories)[number]
