/**
 * The Painel's 30 days of paid sales, drawn by hand in SVG: one bar a day (today at the right),
 * in pixels of its box, so the bars thin on a phone instead of the labels shrinking. Every bar
 * has a <title> (hover, long-press); the same numbers are in a table under 'Ver tabela' for a
 * screen reader, which skips the drawing.
 */
import { formatBRL } from '@semijoias/domain/money';
import { useEffect, useRef, useState } from 'react';
import { cx } from '@/ui/cx';
import { longDay, ordersCount, shortDay, type SalesDay } from './dashboard-api';

const HEIGHT = 190;
const AXIS = 26; // room for the day labels under the bars
const TOP = 8;

/** The box's width, followed as the window turns or the menu folds. */
function useWidth<T extends HTMLElement>(initial: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function SalesChart({ days, today }: { days: SalesDay[]; today: string }) {
  const [box, width] = useWidth<HTMLDivElement>(320);
  const best = days.reduce<SalesDay | null>(
    (top, day) => (day.total_cents > (top?.total_cents ?? 0) ? day : top),
    null,
  );
  const max = best?.total_cents ?? 0;
  const slot = width / Math.max(days.length, 1);
  const barWidth = Math.max(2, Math.min(28, slot * 0.68));
  const plot = HEIGHT - AXIS - TOP;
  // A label every week back from today, so today's is always there.
  const labelled = new Set(
    days.map((d, i) => ((i - (days.length - 1)) % 7 === 0 ? d.dia : '')).filter(Boolean),
  );

  return (
    <div>
      {best ? (
        <p className="mb-3 text-sm text-muted">
          Melhor dia:{' '}
          <span className="font-semibold text-ink" data-testid="best-day">
            {formatBRL(best.total_cents)}
          </span>{' '}
          em {shortDay(best.dia)} ({ordersCount(best.pedidos)})
        </p>
      ) : (
        <p className="mb-3 text-sm text-muted">Nenhuma venda paga nos últimos 30 dias.</p>
      )}
      <div ref={box} className="w-full">
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          aria-hidden="true"
          data-testid="sales-chart"
          className="block overflow-visible"
        >
          {/* The best day's level, so a glance reads the scale. */}
          {max > 0 && (
            <line
              x1={0}
              x2={width}
              y1={TOP}
              y2={TOP}
              className="stroke-line"
              strokeDasharray="4 4"
            />
          )}
          <line x1={0} x2={width} y1={TOP + plot} y2={TOP + plot} className="stroke-ink/30" />
          {days.map((day, i) => {
            const h = max > 0 ? (day.total_cents / max) * plot : 0;
            const x = i * slot + (slot - barWidth) / 2;
            const isToday = day.dia === today;
            const isBest = best?.dia === day.dia;
            return (
              <g key={day.dia} data-dia={day.dia} data-hoje={isToday || undefined}>
                <title>
                  {`${isToday ? 'Hoje, ' : ''}${longDay(day.dia)}: ${formatBRL(day.total_cents)} · ${ordersCount(day.pedidos)}`}
                </title>
                {/* The whole column answers the pointer, not only a thin bar. */}
                <rect x={i * slot} y={TOP} width={slot} height={plot} fill="transparent" />
                {h > 0 ? (
                  <rect
                    x={x}
                    y={TOP + plot - h}
                    width={barWidth}
                    height={h}
                    rx={Math.min(3, barWidth / 2)}
                    data-testid={isToday ? 'bar-today' : undefined}
                    className={cx(isBest ? 'fill-gold-dark' : isToday ? 'fill-ink' : 'fill-gold')}
                  />
                ) : (
                  <rect
                    x={x}
                    y={TOP + plot - 2}
                    width={barWidth}
                    height={2}
                    className="fill-line"
                  />
                )}
                {labelled.has(day.dia) && (
                  <text
                    x={Math.min(Math.max(i * slot + slot / 2, 18), width - 18)}
                    y={HEIGHT - 6}
                    textAnchor="middle"
                    className={cx('text-[11px]', isToday ? 'fill-ink font-semibold' : 'fill-muted')}
                  >
                    {isToday ? 'Hoje' : shortDay(day.dia)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>

      <details className="group mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-full text-sm font-medium text-gold-dark hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className="transition-transform group-open:rotate-90">
            ›
          </span>
          Ver tabela
        </summary>
        <div className="mt-2 max-h-80 overflow-y-auto rounded-xl border border-line">
          <table className="w-full text-sm" data-testid="sales-table">
            <caption className="sr-only">Vendas pagas por dia, últimos 30 dias</caption>
            <thead className="sticky top-0 bg-cream text-left text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Dia
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Pedidos
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.dia} className="border-t border-line">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal text-ink">
                    {day.dia === today ? `Hoje (${shortDay(day.dia)})` : shortDay(day.dia)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{day.pedidos}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {formatBRL(day.total_cents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
