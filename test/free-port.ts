import { createServer, type AddressInfo } from 'node:net'

/** A TCP port on 127.0.0.1 that nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((listening) => probe.listen(0, '127.0.0.1', listening))
  const { port } = probe.address() as AddressInfo
  await new Promise((closed) => probe.close(closed))
  return port
}
