/** The Painel's answer (docs/admin/dashboard-stock-audit.md). */
import { z } from 'zod';

const salesJson = z.object({ total_cents: z.number(), pedidos: z.number() });

export const dashboardAnswer = z.object({
  /** The store's day (America/Sao_Paulo) the figures end on, 'YYYY-MM-DD'. */
  hoje: z.string(),
  vendas: z.object({ hoje: salesJson, dias_7: salesJson, dias_30: salesJson }),
  /** Every one of the last 30 days, oldest first, zeros included. */
  serie_30_dias: z.array(
    z.object({ dia: z.string(), total_cents: z.number(), pedidos: z.number() }),
  ),
  /**
   * Over the same 30 days, orders paid after their reminder to pay, pieces sold to shoppers
   * who had asked 'Avise-me' for them, and orders placed within 7 days of a forgotten-cart
   * e-mail (earnings.ts).
   */
  retorno_30_dias: z.object({
    pagos_apos_lembrete: salesJson,
    vendidos_avise_me: z.object({ unidades: z.number(), total_cents: z.number() }),
    carrinhos_recuperados: salesJson,
  }),
  pedidos_a_enviar: z.number(),
  pedidos_aguardando_pagamento: z.number(),
  /** Reviews waiting for the owners' approval ('Avaliações', issue 36). */
  avaliacoes_pendentes: z.number(),
  /**
   * The visible pieces whose total stock is low, or with a size kept in stock ('Manter em
   * estoque') that is (products/low-stock.ts), the emptiest first: a piece sold by size once
   * (`nome_variacao` names its axis), its low kept sizes in `variacoes_baixas`.
   */
  estoque_baixo: z.object({
    total: z.number(),
    produtos: z.array(
      z.object({
        id: z.number(),
        nome: z.string(),
        estoque: z.number(),
        imagem: z.string(),
        nome_variacao: z.string().nullable(),
        variacoes_baixas: z.array(
          z.object({ id: z.number(), nome: z.string(), estoque: z.number() }),
        ),
      }),
    ),
  }),
});

export type DashboardJson = z.infer<typeof dashboardAnswer>;
