/** The Content API version the Studio's own code talks to (the tools' clients and writes). */
export const STUDIO_API_VERSION = '2025-02-19'
