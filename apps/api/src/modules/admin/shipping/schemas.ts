/** GET and PUT /api/admin/frete/, POST /api/admin/frete/testar/ (docs/shipping-settings-contract.md). */
import { z } from 'zod';

const measures = z.object({
  largura: z.number().int(),
  altura: z.number().int(),
  comprimento: z.number().int(),
  peso_gramas: z.number().int(),
});

export const shippingSettingsJson = z.object({
  ativo: z.boolean().nullable(),
  /** Whether carriers' quotes are asked now (on, a token, an origin CEP, a service). */
  cotando: z.boolean(),
  ambiente: z.enum(['sandbox', 'producao']).nullable(),
  /** Never the token: whether one is set, where from, and its last 4 characters. */
  token: z.object({
    salvo: z.boolean(),
    origem: z.enum(['painel', 'ambiente']).nullable(),
    final: z.string().nullable(),
    ilegivel: z.boolean(),
  }),
  email_tecnico: z.string(),
  email_tecnico_padrao: z.string(),
  cep_origem_padrao: z.string().nullable(),
  remetente: z.object({
    nome: z.string(),
    telefone: z.string(),
    email: z.string(),
    documento: z.string(),
    inscricao_estadual: z.string(),
    rua: z.string(),
    numero: z.string(),
    complemento: z.string(),
    bairro: z.string(),
    cidade: z.string(),
    uf: z.string(),
    cep: z.string(),
  }),
  servicos: z.array(
    z.object({
      id: z.number().int(),
      transportadora: z.string(),
      servico: z.string(),
      /** '2.50' */
      margem: z.string(),
      dias_extras: z.number().int(),
    }),
  ),
  embalagens: z.record(z.string(), measures),
  ultimo_teste: z.object({ resultado: z.string(), em: z.string() }).nullable(),
});

/** Checked by the domain's validateShippingSettingsForm (the form's own rule). */
export const shippingSettingsBody = z
  .object({
    ativo: z.unknown(),
    ambiente: z.unknown(),
    /** A new token; absent or empty: the saved one stays. */
    token: z.unknown(),
    remover_token: z.unknown(),
    email_tecnico: z.unknown(),
    remetente: z.unknown(),
    servicos: z.unknown(),
    embalagens: z.unknown(),
  })
  .partial()
  .strict();

export const shippingSettingsAnswer = z.object({ frete: shippingSettingsJson });

export const connectionTestAnswer = z.object({
  teste: z.object({
    /** 'ok', a Melhor Envio failure ('token-invalido', 'sem-permissao', 'indisponivel'...). */
    resultado: z.string(),
    ok: z.boolean(),
    mensagem: z.string(),
  }),
});
