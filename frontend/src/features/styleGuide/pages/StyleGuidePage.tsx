import { useState } from 'react';
import {
  Alert,
  Blockquote,
  Button,
  Callout,
  Classes,
  Code,
  Colors,
  Dialog,
  DialogBody,
  DialogFooter,
  H1,
  H2,
  H3,
  H4,
  H5,
  HTMLTable,
  Intent,
  NonIdealState,
  Section,
  SectionCard,
  Tag,
} from '@blueprintjs/core';
import { notify } from '../../../lib/notifications/notify.js';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { ResourceTable } from '../../../components/resources/ResourceTable.js';
import type { ResolvedField } from '../../../lib/resources/resourceUi.js';
import '../../../components/resources/resourceStyles.js';
import '../styleGuide.css';

const SWATCHES: [string, string][] = [
  ['Primary (brand)', 'var(--allot-primary-color, #0736a4)'],
  ['Blue 3', Colors.BLUE3],
  ['Green 3', Colors.GREEN3],
  ['Orange 3', Colors.ORANGE3],
  ['Red 3', Colors.RED3],
  ['Dark gray 3', Colors.DARK_GRAY3],
  ['Gray 3', Colors.GRAY3],
  ['Light gray 5', Colors.LIGHT_GRAY5],
];

const INTENTS = [Intent.NONE, Intent.PRIMARY, Intent.SUCCESS, Intent.WARNING, Intent.DANGER];

const TABLE_COLUMNS: ResolvedField[] = [
  { name: 'name', label: 'Name', widget: 'text', required: true, listType: 'text' },
  { name: 'slug', label: 'Slug', widget: 'text', required: true, listType: 'text' },
  {
    name: 'isActive',
    label: 'Active',
    widget: 'checkbox',
    required: false,
    listType: 'boolean',
    column: { width: 90 },
  },
];
const SAMPLE_TIME = '2026-01-05T09:00:00.000Z';
const TABLE_ROWS = [
  { id: '1', revision: 0, name: 'Semester', slug: 'semester', isActive: true },
  { id: '2', revision: 0, name: 'Quarter', slug: 'quarter', isActive: false },
].map((row) => ({ ...row, createdAt: SAMPLE_TIME, updatedAt: SAMPLE_TIME }));

/** /styles: the design system the product is built from, in the current theme. */
export default function StyleGuidePage() {
  const [dialog, setDialog] = useState(false);
  const [alert, setAlert] = useState(false);
  const [sort, setSort] = useState<{ field: string; direction: 'ASC' | 'DESC' } | null>(null);
  return (
    <PageFrame>
      <div className="allot-style-guide">
        <Section title="Colours" compact>
          <SectionCard>
            <div className="allot-style-grid">
              {SWATCHES.map(([name, colour]) => (
                <div key={name} className="allot-style-swatch">
                  <div style={{ background: colour }} />
                  <div>
                    {name}
                    <br />
                    <Code>{colour.startsWith('var') ? 'settings' : colour}</Code>
                  </div>
                </div>
              ))}
            </div>
          </SectionCard>
        </Section>
        <Section title="Typography" compact>
          <SectionCard>
            <H1>Heading 1</H1>
            <H2>Heading 2</H2>
            <H3>Heading 3</H3>
            <H4>Heading 4</H4>
            <H5>Heading 5</H5>
            <p>
              Body text: planning the teaching of an academic period. <Code>inline code</Code> and{' '}
              <span className={Classes.TEXT_MUTED}>muted text</span>.
            </p>
            <Blockquote>A quotation or a note set apart.</Blockquote>
          </SectionCard>
        </Section>
        <Section title="Buttons" compact>
          <SectionCard>
            {(['solid', 'outlined', 'minimal'] as const).map((variant) => (
              <div key={variant} className="allot-style-grid" style={{ marginBottom: 8 }}>
                {INTENTS.map((intent) => (
                  <Button
                    key={intent}
                    variant={variant}
                    intent={intent}
                    text={`${intent} ${variant}`}
                  />
                ))}
                <Button variant={variant} disabled text="disabled" />
              </div>
            ))}
            <div className="allot-style-grid">
              {INTENTS.map((intent) => (
                <Tag key={intent} intent={intent}>
                  {intent} tag
                </Tag>
              ))}
            </div>
          </SectionCard>
        </Section>
        <Section title="Tables" compact>
          <SectionCard>
            <H5>Data table (lists)</H5>
            <ResourceTable
              columnsKey="styleGuide"
              tableName="Example"
              columns={TABLE_COLUMNS}
              rows={TABLE_ROWS}
              loading={false}
              sort={sort}
              onSort={(field) =>
                setSort((s) =>
                  s?.field === field && s.direction === 'ASC'
                    ? { field, direction: 'DESC' }
                    : { field, direction: 'ASC' },
                )
              }
            />
            <H5 style={{ marginTop: 16 }}>Simple table</H5>
            <HTMLTable striped compact>
              <thead>
                <tr>
                  <th>Course</th>
                  <th>Sections</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>BIO 101</td>
                  <td>4</td>
                </tr>
                <tr>
                  <td>CHEM 210</td>
                  <td>2</td>
                </tr>
              </tbody>
            </HTMLTable>
          </SectionCard>
        </Section>
        <Section title="Dialogs and states" compact>
          <SectionCard>
            <div className="allot-style-grid">
              <Button text="Open a dialog" onClick={() => setDialog(true)} />
              <Button
                intent={Intent.DANGER}
                text="Open a confirmation"
                onClick={() => setAlert(true)}
              />
            </div>
            <Callout intent={Intent.PRIMARY} title="A callout" style={{ marginTop: 12 }}>
              Explains something on the page.
            </Callout>
            <NonIdealState icon="th-list" title="An empty state" description="Nothing here yet." />
          </SectionCard>
        </Section>
        <Section title="Toasts" compact>
          <SectionCard>
            <div className="allot-style-grid">
              {INTENTS.map((intent) => (
                <Button
                  key={intent}
                  intent={intent}
                  variant="outlined"
                  text={`${intent} toast`}
                  onClick={() => void notify({ message: `A ${intent} toast.`, intent })}
                />
              ))}
            </div>
          </SectionCard>
        </Section>
      </div>
      <Dialog isOpen={dialog} title="A dialog" onClose={() => setDialog(false)}>
        <DialogBody>Dialogs hold forms and details.</DialogBody>
        <DialogFooter
          actions={<Button intent={Intent.PRIMARY} text="Close" onClick={() => setDialog(false)} />}
        />
      </Dialog>
      <Alert
        isOpen={alert}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        onCancel={() => setAlert(false)}
        onConfirm={() => setAlert(false)}
      >
        <p>Destructive actions ask first.</p>
      </Alert>
    </PageFrame>
  );
}
