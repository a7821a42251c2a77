/**
 * The owners' e-mail when an item of 'Saúde da loja' turns red, and the one when it leaves
 * red. Pure: the item's verdict in, a message out; the monitor enqueues it. Same layout as
 * every e-mail of the store (mail/layout.tsx).
 */
import { formatDateTime } from '@semijoias/domain/dates';
import {
  HEALTH_STATE_LABEL,
  healthAlertSubject,
  type HealthState,
  type HealthVerdict,
} from '@semijoias/domain/store-health';
import {
  type OutboxMessage,
  Button,
  DetailsTable,
  Heading,
  Layout,
  Paragraph,
  renderEmail,
  STORE_NAME,
  textFooter,
} from '../mail/index.js';

export interface HealthAlertView {
  title: string;
  /** The state it left. */
  from: HealthState | null;
  verdict: HealthVerdict;
  at: Date;
  publicUrl: string;
}

/** 'health_alert' when the item turned red, 'health_resolved' when it left red. */
export function healthAlertEmail(view: HealthAlertView, to: string): OutboxMessage {
  const state = view.verdict.estado;
  const subject = healthAlertSubject(view.title, state, STORE_NAME);
  const pageUrl = `${view.publicUrl}/admin/saude`;
  const lead =
    state === 'vermelho'
      ? `'${view.title}' está com problema na Saúde da loja.`
      : state === 'verde'
        ? `'${view.title}' voltou ao normal na Saúde da loja.`
        : `'${view.title}' saiu do vermelho, mas ainda pede atenção na Saúde da loja.`;
  const rows: [string, string][] = [
    ['Item', view.title],
    ['Situação', HEALTH_STATE_LABEL[state]],
    ...(view.from ? [['Antes', HEALTH_STATE_LABEL[view.from]] as [string, string]] : []),
    ['Verificado em', formatDateTime(view.at)],
  ];
  const advice = view.verdict.o_que_fazer;
  return {
    kind: state === 'vermelho' ? 'health_alert' : 'health_resolved',
    to,
    subject,
    text: [
      lead,
      '',
      view.verdict.detalhe,
      ...(advice ? ['', `O que fazer: ${advice}`] : []),
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      `Saúde da loja: ${pageUrl}`,
      ...textFooter(),
    ].join('\n'),
    html: renderEmail(
      <Layout title={subject} preheader={view.verdict.detalhe} homeUrl={view.publicUrl}>
        <Heading>
          {HEALTH_STATE_LABEL[state]}: {view.title}
        </Heading>
        <Paragraph>{lead}</Paragraph>
        <Paragraph>{view.verdict.detalhe}</Paragraph>
        {advice && (
          <Paragraph>
            <strong>O que fazer: {advice}</strong>
          </Paragraph>
        )}
        <DetailsTable rows={rows} />
        <Button href={pageUrl}>Abrir a Saúde da loja</Button>
      </Layout>,
    ),
    links: [pageUrl],
  };
}
