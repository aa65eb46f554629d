// A chart of daily figures with the same figures as a table beside it (in a disclosure), so a
// screen reader or a keyboard user reads every value the chart draws. recharts is imported here
// only, by the lazily loaded analytics page: it never reaches the public pages' bundle.
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries<Row> {
  label: string;
  color: string;
  value: (row: Row) => number | null;
}

interface DailyChartProps<Row> {
  title: string;
  rows: Row[];
  day: (row: Row) => string;
  series: ChartSeries<Row>[];
  /** How a value reads in the tooltip, the axis and the table. */
  format: (value: number) => string;
  kind: 'bar' | 'line';
}

const shortDay = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const asDate = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);

export function DailyChart<Row>({ title, rows, day, series, format, kind }: DailyChartProps<Row>) {
  const titleId = useId();
  const points = rows.map((row) => ({ day: day(row), ...Object.fromEntries(series.map((s) => [s.label, s.value(row)])) }));
  const Chart = kind === 'bar' ? BarChart : LineChart;
  return (
    <figure aria-labelledby={titleId} className="rounded-3xl border border-plum-100 bg-white p-5 shadow-sm">
      <figcaption id={titleId} className="text-lg font-semibold text-plum-900">
        {title}
      </figcaption>
      <div role="img" aria-label={`${title} : graphique ; les valeurs sont dans le tableau qui suit.`} className="mt-4 h-64">
        <ResponsiveContainer width="100%" height="100%">
          <Chart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid stroke="#ece3f6" vertical={false} />
            <XAxis dataKey="day" tickFormatter={(value: string) => shortDay.format(asDate(value))} tick={{ fill: '#5d5270', fontSize: 12 }} minTickGap={24} />
            <YAxis tickFormatter={(value: number) => format(value)} tick={{ fill: '#5d5270', fontSize: 12 }} width={80} allowDecimals={false} />
            <Tooltip
              labelFormatter={(value) => longDay.format(asDate(String(value)))}
              formatter={(value) => (typeof value === 'number' ? format(value) : '—')}
            />
            {series.length > 1 ? <Legend /> : null}
            {series.map((s) =>
              kind === 'bar' ? (
                <Bar key={s.label} dataKey={s.label} fill={s.color} radius={[4, 4, 0, 0]} isAnimationActive={false} />
              ) : (
                // Days without a value (no order, no basket) are skipped, not drawn as zero.
                <Line key={s.label} dataKey={s.label} stroke={s.color} strokeWidth={2} dot={rows.length <= 31} connectNulls isAnimationActive={false} />
              ),
            )}
          </Chart>
        </ResponsiveContainer>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-plum-700">Voir les données en tableau</summary>
        {/* Focusable, so a keyboard scrolls a table taller or wider than its box (a period of 30 days and more, several series). */}
        <div tabIndex={0} role="region" aria-label={`${title} : tableau`} className="mt-2 max-h-80 overflow-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-plum-100 text-mist">
                <th scope="col" className="py-1 pr-4 font-medium">Jour</th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="py-1 pr-4 text-right font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={day(row)} className="border-b border-plum-50">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {longDay.format(asDate(day(row)))}
                  </th>
                  {series.map((s) => {
                    const value = s.value(row);
                    return (
                      <td key={s.label} className="py-1 pr-4 text-right tabular-nums">
                        {value === null ? '—' : format(value)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
