import type { Server } from 'node:http'
import { type PortName, portInUseError } from '../ports'

export const LOOPBACK = '127.0.0.1'

/**
 * Listens on loopback and resolves the bound port. A taken port of a developer-facing part becomes a
 * one-line error naming the part and how to move it; internal servers pass port 0 and no part.
 */
export function listen(server: Server, port: number, part?: PortName): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' && part ? portInUseError(part, port) : error)
    server.once('error', onError)
    server.listen(port, LOOPBACK, () => {
      server.off('error', onError)
      const address = server.address()
      resolve(typeof address === 'object' && address ? address.port : port)
    })
  })
}

/** Closes a server without waiting for idle keep-alive connections to time out. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve()
    server.close(() => resolve())
    server.closeAllConnections()
  })
}
