/** The server's draft preview routes (server/preview/preview-routes.ts), used by the Studio and the page. */
export const PREVIEW_ENABLE_PATH = '/api/preview/enable'
export const PREVIEW_DISABLE_PATH = '/api/preview/disable'
export const PREVIEW_CONTENT_PATH = '/api/preview/content'
