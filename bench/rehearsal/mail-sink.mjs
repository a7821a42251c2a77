// An SMTP server that only counts: both instances send to it (SMTP_URL), and every message is
// kept with its recipient, subject and Message-ID. The store gives each outbox row one Message-ID
// (`<outbox-{row id}-{ms}@semijoias>`), the same on every attempt, so a message delivered twice
// shows up as one Message-ID seen twice.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { subjectOf } from '../../scripts/mail-subject.mjs';

function messageIdOf(raw) {
  return /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? null;
}

export async function startMailSink(repoRoot) {
  // smtp-server is a development dependency of the API workspace.
  const require = createRequire(join(repoRoot, 'apps/api/package.json'));
  const { SMTPServer } = require('smtp-server');
  const messages = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: subjectOf(raw),
          messageId: messageIdOf(raw),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  const port = await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server.server.address().port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
