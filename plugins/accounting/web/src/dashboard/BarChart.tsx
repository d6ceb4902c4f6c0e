import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { Colors } from '@blueprintjs/core';
import { visuallyHidden } from '@tezgah/workbench/ui';

export interface BarDatum {
  key: string;
  /** Under (vertical) or before (horizontal) the bar. */
  label: string;
  /** The label in full, for the table and the tooltip ("Ocak" where the axis says "Oca"). */
  name: string;
  value: number;
  color?: string;
}

/**
 * A bar chart drawn with visx (d3 scales, plain SVG: it scales with its card through the viewBox
 * and renders in jsdom) with its figures beside it for those who cannot see it: the SVG is
 * hidden from assistive technology and a visually hidden table (caption `title`, one row per bar,
 * the value formatted) says the same. Each bar carries a tooltip with its name and value.
 */
export function BarChart(props: {
  title: string;
  bars: readonly BarDatum[];
  format: (n: number) => string;
  /** Column headings of the hidden table. */
  columns: [string, string];
  orientation?: 'vertical' | 'horizontal';
}) {
  const horizontal = props.orientation === 'horizontal';
  const width = 320;
  const rowHeight = 26;
  const height = horizontal ? props.bars.length * rowHeight : 170;
  const max = Math.max(0, ...props.bars.map((b) => b.value));
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" aria-hidden="true" focusable="false" data-chart={horizontal ? 'horizontal' : 'vertical'} style={{ display: 'block', overflow: 'visible' }}>
        {horizontal ? <Horizontal {...props} width={width} height={height} max={max} /> : <Vertical {...props} width={width} height={height} max={max} />}
      </svg>
      <table style={visuallyHidden}>
        <caption>{props.title}</caption>
        <thead><tr><th scope="col">{props.columns[0]}</th><th scope="col">{props.columns[1]}</th></tr></thead>
        <tbody>
          {props.bars.map((b) => <tr key={b.key}><th scope="row">{b.name}</th><td>{props.format(b.value)}</td></tr>)}
        </tbody>
      </table>
    </figure>
  );
}

type Drawn = Parameters<typeof BarChart>[0] & { width: number; height: number; max: number };

function Vertical(p: Drawn) {
  const top = 14;
  const bottom = 18;
  const x = scaleBand<string>({ domain: p.bars.map((b) => b.key), range: [0, p.width], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, p.max || 1], range: [p.height - bottom, top] });
  return (
    <Group>
      <line x1={0} x2={p.width} y1={p.height - bottom} y2={p.height - bottom} stroke={Colors.GRAY3} strokeWidth={1} />
      {p.max > 0 && <text x={0} y={10} fontSize={10} fill="currentColor" opacity={0.7}>{p.format(p.max)}</text>}
      {p.bars.map((b) => {
        const barHeight = p.height - bottom - y(Math.max(0, b.value));
        return (
          <Group key={b.key}>
            <Bar data-bar={b.key} x={x(b.key)} y={p.height - bottom - barHeight} width={x.bandwidth()} height={barHeight} fill={b.color ?? Colors.BLUE3} rx={2}>
              <title>{`${b.name}: ${p.format(b.value)}`}</title>
            </Bar>
            <text x={(x(b.key) ?? 0) + x.bandwidth() / 2} y={p.height - 5} fontSize={10} textAnchor="middle" fill="currentColor">{b.label}</text>
          </Group>
        );
      })}
    </Group>
  );
}

function Horizontal(p: Drawn) {
  const labelWidth = 96;
  const valueWidth = 92;
  const y = scaleBand<string>({ domain: p.bars.map((b) => b.key), range: [0, p.height], padding: 0.25 });
  const x = scaleLinear<number>({ domain: [0, p.max || 1], range: [0, p.width - labelWidth - valueWidth] });
  return (
    <Group>
      {p.bars.map((b) => {
        const top = y(b.key) ?? 0;
        const mid = top + y.bandwidth() / 2 + 4;
        const w = x(Math.max(0, b.value));
        return (
          <Group key={b.key}>
            <text x={0} y={mid} fontSize={11} fill="currentColor">{b.label}</text>
            <Bar data-bar={b.key} x={labelWidth} y={top} width={w} height={y.bandwidth()} fill={b.color ?? Colors.BLUE3} rx={2}>
              <title>{`${b.name}: ${p.format(b.value)}`}</title>
            </Bar>
            <text x={p.width} y={mid} fontSize={11} textAnchor="end" fill="currentColor">{p.format(b.value)}</text>
          </Group>
        );
      })}
    </Group>
  );
}
