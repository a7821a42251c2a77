// A local SMTP sink for trying the store's e-mails without a mail account:
//   node scripts/smtp-sink.mjs            (listens on 127.0.0.1:2525)
//   SMTP_URL=smtp://127.0.0.1:2525 npm start
// Every message is printed (recipient and subject) and saved whole as an .eml file under
// data/smtp-sink/ (open it with any mail program). SMTP_SINK_PORT and SMTP_SINK_DIR change the
// port and the folder; SMTP_SINK_REFUSE=1 refuses every message (a mail server that is down
// for the store: its outbox keeps the mail and retries).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { subjectOf } from './mail-subject.mjs';

// smtp-server is a development dependency of the API workspace.
const require = createRequire(join(fileURLToPath(import.meta.url), '../../apps/api/package.json'));
const { SMTPServer } = require('smtp-server');

const port = Number(process.env.SMTP_SINK_PORT ?? 2525);
const dir = resolve(
  process.env.SMTP_SINK_DIR ?? join(fileURLToPath(import.meta.url), '../../data/smtp-sink'),
);
const refuse = process.env.SMTP_SINK_REFUSE === '1';
mkdirSync(dir, { recursive: true });

let count = 0;
const server = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      if (refuse) {
        const err = new Error('Servidor de e-mail indisponível (SMTP_SINK_REFUSE=1)');
        err.responseCode = 451;
        callback(err);
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      count += 1;
      const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${count}.eml`);
      writeFileSync(file, raw);
      console.log(`#${count} para ${to}: ${subjectOf(raw) || '(sem assunto)'}  (${file})`);
      callback();
    });
  },
});

server.listen(port, '127.0.0.1', () => {
  console.log(`Caixa de e-mail de teste em smtp://127.0.0.1:${port} (mensagens em ${dir})`);
  if (refuse) console.log('Recusando todas as mensagens (SMTP_SINK_REFUSE=1).');
});
