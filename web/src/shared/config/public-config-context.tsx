import { createContext, useContext } from 'react'
import { localPublicConfig, type PublicConfig } from './public-config.ts'

export const PublicConfigContext = createContext<PublicConfig>(localPublicConfig)

export function usePublicConfig(): PublicConfig {
  return useContext(PublicConfigContext)
}
