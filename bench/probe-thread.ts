// The attack benchmark's visitor, in a thread of its own: a visitor's requests are not sent from
// the attacker's event loop, so the time they take is the server's, not the attackers' own backlog
// of sends and reads (in one loop, 20 copies of a 1 MB body delayed the probe's own timers).
import { parentPort, workerData } from 'node:worker_threads'
import { probeSite } from '../test/server/site-probe.ts'

const { url, staticPath } = workerData as { url: string; staticPath: string }
const port = parentPort
if (!port) throw new Error('probe-thread.ts runs as a worker thread: start it with probeInThread')

let stopped = false
port.once('message', () => (stopped = true))
for (let n = 0; !stopped; n++) port.postMessage(await probeSite(url, staticPath, n))
port.close()
