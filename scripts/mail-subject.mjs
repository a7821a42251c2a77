// The Subject of a raw e-mail as a person reads it: shared by the local mail sink
// (scripts/smtp-sink.mjs) and the rehearsal's counting sink (bench/rehearsal/mail-sink.mjs).

/** The Subject header, RFC 2047 encoded words (=?UTF-8?B?..?= / ?Q?) decoded; '' when none. */
export function subjectOf(raw) {
  const header = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(raw);
  if (!header) return '';
  return header[1]
    .replace(/\r?\n[ \t]/g, ' ')
    .trim()
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc, text) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}
