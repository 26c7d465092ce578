/// <reference lib="webworker" />
import { conformPageContent } from './page-content-check.ts'
import type { ConformAnswer } from './conform-off-thread.ts'

// One answer per worker: it conforms the content it is sent and says what came of it.
self.onmessage = ({ data }: MessageEvent<unknown>) => {
  let answer: ConformAnswer
  try {
    answer = { content: conformPageContent(data) }
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) }
  }
  self.postMessage(answer)
}
