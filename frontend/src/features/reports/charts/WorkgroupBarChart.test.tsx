import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import { COVERAGE_SERIES, POINTS_SERIES } from './chartSeries.js';
import { WorkgroupBarChart } from './WorkgroupBarChart.js';

const data = [
  { id: 'a', name: 'Algebra', values: { covered: 12, partial: 3, uncovered: 0, over: 1 } },
  {
    id: 'b',
    name: 'Biology and the Life Sciences of the North',
    values: { covered: 4, partial: 0, uncovered: 6, over: 0 },
  },
];

function named() {
  return (
    <>
      <h3 id="t">Section coverage</h3>
      <p id="s">16 covered</p>
    </>
  );
}

test('a stacked bar per workgroup, a textured fill per series, its legend and numbers', () => {
  const { container } = render(
    <>
      {named()}
      <WorkgroupBarChart labelledBy="t s" series={COVERAGE_SERIES} data={data} width={600} />
    </>,
  );
  // One image to assistive technology, named by the title and the summary.
  expect(screen.getByRole('img', { name: 'Section coverage 16 covered' })).toBeInTheDocument();
  const legend = screen.getByRole('list', { name: 'Legend' });
  expect(
    within(legend)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Covered', 'Partial', 'Uncovered', 'Over']);
  // Each series is a pattern (colour and texture), the same for its bars and its swatch.
  const patterns = [...container.querySelectorAll('pattern')];
  expect(patterns).toHaveLength(4);
  expect(patterns.map((p) => p.querySelector('.allot-chart__fill')?.getAttribute('class'))).toEqual(
    [
      'allot-chart__fill allot-chart__fill--good',
      'allot-chart__fill allot-chart__fill--warn',
      'allot-chart__fill allot-chart__fill--bad',
      'allot-chart__fill allot-chart__fill--extra',
    ],
  );
  const covered = patterns[0]?.id ?? '';
  const swatches = [...legend.querySelectorAll('rect')].map((r) => r.getAttribute('fill'));
  expect(swatches[0]).toBe(`url(#${covered})`);
  const coveredBars = container.querySelectorAll('.allot-chart__bar--covered path');
  expect(coveredBars).toHaveLength(2);
  coveredBars.forEach((bar) => expect(bar).toHaveAttribute('fill', `url(#${covered})`));
  // The numbers are on the segments wide enough to hold them; zeros are not drawn.
  const labels = [...container.querySelectorAll('.allot-chart__label')].map((t) => t.textContent);
  expect(labels).toEqual(expect.arrayContaining(['12', '3', '4', '6']));
  expect(labels).not.toContain('0');
  // A long workgroup name is cut, its full name kept as the tick's title.
  const ticks = [...container.querySelectorAll('.allot-chart__tick')];
  expect(ticks.map((t) => t.querySelector('title')?.textContent)).toEqual([
    'Algebra',
    'Biology and the Life Sciences of the North',
  ]);
  expect(ticks[1]?.lastChild?.textContent).toBe('Biology and the Life …');
});

test('side by side, each bar ends with its figure', () => {
  const { container } = render(
    <>
      {named()}
      <WorkgroupBarChart
        labelledBy="t s"
        series={POINTS_SERIES}
        data={[{ id: 'a', name: 'Algebra', values: { required: 24, assigned: 25.5 } }]}
        stacked={false}
        decimals
        width={600}
      />
    </>,
  );
  expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2);
  const labels = [...container.querySelectorAll('.allot-chart__label')].map((t) => t.textContent);
  expect(labels).toEqual(['24', '25.5']);
});
