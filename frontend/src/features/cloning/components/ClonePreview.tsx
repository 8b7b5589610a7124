import { Callout, Intent } from '@blueprintjs/core';
import { CLONE_KIND_LABELS, type ClonePreviewAnswer } from '@allot/shared-events/browser';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { DATE_LOCALE } from '../../../lib/constants.js';

type Kind = ClonePreviewAnswer['kinds'][number];
const count = (n: number) => n.toLocaleString(DATE_LOCALE);

/** What the clone would do, per kind, with the first records named and every problem's reason. */
export function ClonePreview({ preview }: { preview: ClonePreviewAnswer }) {
  const problems = preview.kinds.flatMap((k) =>
    k.problems.map((p) => ({ ...p, kind: CLONE_KIND_LABELS[k.kind] })),
  );
  const unnamed = preview.kinds.reduce((n, k) => n + k.notMappable - k.problems.length, 0);
  return (
    <section aria-label="What the clone would do" className="allot-cloning-preview">
      <PlainTable<Kind & { id: string }>
        label={`Copying ${preview.source.name} into ${preview.target.name}`}
        columns={[
          {
            key: 'kind',
            label: 'What',
            width: 260,
            rowHeader: true,
            render: (k) => CLONE_KIND_LABELS[k.kind],
          },
          { key: 'create', label: 'To create', width: 100, render: (k) => count(k.create) },
          { key: 'existing', label: 'Already there', width: 110, render: (k) => count(k.existing) },
          {
            key: 'notMappable',
            label: 'Cannot be copied',
            width: 130,
            render: (k) => count(k.notMappable),
          },
          {
            key: 'creates',
            label: 'For example',
            width: 320,
            render: (k) => k.creates.slice(0, 5).join(', '),
          },
        ]}
        rows={preview.kinds.map((k) => ({ ...k, id: k.kind }))}
      />
      {problems.length > 0 && (
        <Callout intent={Intent.WARNING} title="What cannot be copied" compact>
          <ul
            className="allot-cloning-problems"
            tabIndex={0}
            aria-label="What cannot be copied, and why"
          >
            {problems.map((p, i) => (
              <li key={`${p.kind}-${String(i)}`}>
                <strong>{p.name}</strong> ({p.kind.toLowerCase()}): {p.reason}
              </li>
            ))}
          </ul>
          {unnamed > 0 && <p>And {count(unnamed)} more for the same reasons.</p>}
        </Callout>
      )}
    </section>
  );
}
