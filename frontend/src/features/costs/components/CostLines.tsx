import { useState } from 'react';
import { Alert, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import {
  COST_LINE_KINDS,
  COST_SOURCES,
  type CostLine,
  type CostLineKind,
  type CostLinesAnswer,
  type CostRatesAnswer,
  type CostSource,
} from '@allot/shared-events/browser';
import { Pager } from '../../../components/list/DataTable.js';
import { FilterBar } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { Empty } from '../../../components/list/QueryBody.js';
import { RowActionButton, type RowActionItem } from '../../../components/list/RowActions.js';
import type { ServerList } from '../../../components/list/useServerList.js';
import { notify } from '../../../lib/notifications/notify.js';
import { useCostWrites } from '../api/useCostWrites.js';
import { CostEntryDialog, type CostEntryEdit } from './CostEntryDialog.js';
import { money, points } from './money.js';

export const COST_LINE_FILTERS = {
  period: 'period',
  workgroup: 'workgroup',
  kind: 'kind',
  source: 'source',
  q: 'q',
} as const;
export type CostLineFilter = keyof typeof COST_LINE_FILTERS;

/** Who teaches the line, in words: a person, a placeholder of a type and rank, or nobody. */
function teacher(line: CostLine): string {
  if (line.instructor) return line.instructor.name;
  if (line.kind === 'unstaffed') return 'Nobody yet';
  return `TBD ${[line.instructorType?.name, line.rank?.name].filter(Boolean).join(', ')}`;
}

function how(line: CostLine) {
  if (line.kind === 'unstaffed') return <Tag minimal>{COST_LINE_KINDS.unstaffed}</Tag>;
  const words = COST_SOURCES[line.source];
  return (
    <span className="allot-costs-how">
      <Tag minimal intent={line.source === 'none' ? Intent.WARNING : Intent.NONE}>
        {words}
      </Tag>
      {line.entry?.notes && <span className="allot-costs-muted">{line.entry.notes}</span>}
    </span>
  );
}

/**
 * One period's cost lines — each assignment, placeholder and section nobody covers — filtered,
 * sorted and paged by the server, with the total of all that match; those who keep financial
 * data set an assignment's cost by hand or plan a placeholder from each row.
 */
export function CostLines({
  answer,
  list,
  fetching,
  workgroups,
  choices,
  editable,
}: {
  answer: CostLinesAnswer;
  list: ServerList<CostLineFilter>;
  fetching: boolean;
  workgroups: readonly { id: string; name: string }[];
  choices: Pick<CostRatesAnswer, 'types' | 'ranks'>;
  editable: boolean;
}) {
  const [edit, setEdit] = useState<CostEntryEdit | null>(null);
  const [removing, setRemoving] = useState<CostLine | null>(null);
  const writes = useCostWrites('instructorCosts');

  const actionsOf = (line: CostLine): RowActionItem[] => {
    const where = `${teacher(line)} on ${line.section.name}`;
    if (line.kind === 'assignment') {
      return [
        {
          key: 'set',
          icon: 'edit',
          text: 'Set cost',
          label: `Set the cost of ${where} by hand`,
          onClick: () => setEdit({ mode: 'set', line }),
        },
      ];
    }
    const plan: RowActionItem = {
      key: 'placeholder',
      icon: line.entry ? 'edit' : 'new-person',
      text: line.entry ? 'Change placeholder' : 'Plan a placeholder',
      label: line.entry
        ? `Change the placeholder of ${line.section.name}`
        : `Plan a placeholder for ${line.section.name}`,
      onClick: () => setEdit({ mode: 'placeholder', line }),
    };
    return line.entry
      ? [
          plan,
          {
            key: 'remove',
            icon: 'trash',
            text: 'Remove placeholder',
            label: `Remove the placeholder of ${line.section.name}`,
            intent: Intent.DANGER,
            onClick: () => setRemoving(line),
          },
        ]
      : [plan];
  };

  const filters = list.filters;
  return (
    <>
      <FilterBar>
        <InputGroup
          aria-label="Search sections and instructors"
          leftIcon="search"
          placeholder="Search sections and instructors…"
          value={list.text('q')}
          onValueChange={(v) => list.setText('q', v)}
        />
        <HTMLSelect
          aria-label="Workgroup"
          value={filters.workgroup ?? ''}
          onChange={(e) => list.setFilters({ workgroup: e.currentTarget.value || null })}
        >
          <option value="">Workgroup: any</option>
          {workgroups.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="Lines"
          value={filters.kind ?? ''}
          onChange={(e) => list.setFilters({ kind: e.currentTarget.value || null })}
        >
          <option value="">Lines: all</option>
          {(Object.keys(COST_LINE_KINDS) as CostLineKind[]).map((k) => (
            <option key={k} value={k}>
              {COST_LINE_KINDS[k]}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="Cost from"
          value={filters.source ?? ''}
          onChange={(e) => list.setFilters({ source: e.currentTarget.value || null })}
        >
          <option value="">Cost from: anything</option>
          {(Object.keys(COST_SOURCES) as CostSource[]).map((s) => (
            <option key={s} value={s}>
              {COST_SOURCES[s]}
            </option>
          ))}
        </HTMLSelect>
      </FilterBar>
      {answer.count === 0 ? (
        <Empty
          icon="dollar"
          title={list.filtering ? 'No lines match' : 'Nothing to cost yet'}
          description={
            list.filtering
              ? 'Clear a filter to see more.'
              : 'This period has no sections yet: once it has, their teaching is costed here.'
          }
        />
      ) : (
        <>
          <PlainTable<CostLine>
            label={`Cost per section and instructor, ${answer.period?.name ?? ''}`}
            sort={list.sort}
            onSort={list.onSort}
            columns={[
              {
                key: 'section',
                label: 'Section',
                width: 200,
                rowHeader: true,
                sortField: 'section',
                render: (l) => (
                  <span className="allot-costs-section">
                    <span>{l.section.name}</span>
                    {l.section.title && (
                      <span className="allot-costs-muted">{l.section.title}</span>
                    )}
                  </span>
                ),
              },
              {
                key: 'workgroup',
                label: 'Workgroup',
                width: 130,
                sortField: 'workgroup',
                render: (l) => l.workgroup?.name ?? '',
              },
              {
                key: 'instructor',
                label: 'Instructor',
                width: 170,
                sortField: 'instructor',
                render: (l) => teacher(l),
              },
              {
                key: 'typeRank',
                label: 'Type and rank',
                width: 150,
                render: (l) =>
                  [l.instructorType?.name, l.rank?.name].filter(Boolean).join(', ') ||
                  (l.kind === 'unstaffed' ? '' : 'None set'),
              },
              {
                key: 'points',
                label: 'Points',
                width: 70,
                sortField: 'points',
                render: (l) => points(l.points),
              },
              {
                key: 'rate',
                label: 'Rate per point',
                width: 110,
                render: (l) => (l.ratePerPoint === null ? '' : money(l.ratePerPoint)),
              },
              {
                key: 'cost',
                label: 'Cost',
                width: 110,
                sortField: 'cost',
                render: (l) => (l.cost === null ? '—' : money(l.cost)),
              },
              { key: 'how', label: 'Cost from', width: 190, render: how },
            ]}
            rows={answer.rows}
            actions={
              editable
                ? (line) => (
                    <span className="allot-costs-actions">
                      {actionsOf(line).map((a) => (
                        <RowActionButton key={a.key} action={a} />
                      ))}
                    </span>
                  )
                : undefined
            }
          />
          <p className="allot-costs-summary" role="status">
            {points(answer.count)} lines, {points(answer.total.points)} points, costing{' '}
            <strong>{money(answer.total.cost)}</strong>
            {answer.total.unpriced > 0 &&
              `; ${points(answer.total.unpriced)} without a cost (no rate, or nobody yet)`}
            .
          </p>
          <Pager
            count={answer.count}
            state={list.pager}
            fetching={fetching}
            onChange={list.setPager}
          />
        </>
      )}
      <CostEntryDialog edit={edit} choices={choices} onClose={() => setEdit(null)} />
      <Alert
        isOpen={removing !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="Remove placeholder"
        cancelButtonText="Keep it"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const entry = removing?.entry;
          setRemoving(null);
          if (!entry) return;
          void writes.remove(entry.id).then((refused) => {
            if (refused) void notify({ message: refused, intent: Intent.DANGER });
          });
        }}
      >
        <p>
          Remove the placeholder of {removing?.section.name}? Its points will show as not staffed
          and cost nothing until someone teaches them.
        </p>
      </Alert>
    </>
  );
}
