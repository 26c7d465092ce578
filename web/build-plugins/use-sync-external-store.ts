// SWR imports `use-sync-external-store/shim`, a stand-in for React before 18; the React this
// site ships has the hook itself, so the build points SWR at it (web/vite.config.ts).
export { useSyncExternalStore } from 'react'
