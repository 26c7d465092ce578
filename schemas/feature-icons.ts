/** Icons a marketer can pick for a feature card; the page draws each one. */
export const featureIcons = [
  'feedback',
  'progress',
  'templates',
  'transcript',
  'integrations',
  'insights',
  'security',
  'goals',
  'calendar',
] as const
export type FeatureIcon = (typeof featureIcons)[number]
