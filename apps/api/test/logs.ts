/**
 * What an app under test logs, kept in a string to be read: the tests that no secret or personal
 * datum reaches the log run the store's own logger settings (redaction and all) into it.
 */
import { Writable } from 'node:stream';
import type { Config } from '../src/config.js';
import { loggerOptions } from '../src/lib/logger.js';

export interface LogCapture {
  /** Every line written so far, as written (JSON). A test may empty it to read one call's lines. */
  text: string;
  /** The stream the lines go to. */
  stream: Writable;
  /** buildApp's `logger`: the store's logger settings for `config`, writing into `text`. */
  logger(config: Config): object;
}

export function captureLogs(): LogCapture {
  const capture: LogCapture = {
    text: '',
    stream: new Writable({
      write(chunk: Buffer, _enc, done) {
        capture.text += chunk.toString('utf8');
        done();
      },
    }),
    logger: (config) => ({ ...(loggerOptions(config) as object), stream: capture.stream }),
  };
  return capture;
}
