import { useState } from 'react';
import { H4, HTMLTable } from '@blueprintjs/core';
import { FieldInput } from '../../../components/resources/FieldInput.js';
import type { FormValue } from '../../../lib/resources/formValues.js';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import {
  FIELD_SAMPLES,
  SAMPLE_OPTIONS,
  SAMPLE_TERM_MODES,
  SAMPLE_USERS,
  emptyValue,
  type FieldSample,
} from '../fieldSamples.js';
import '../../../components/resources/resourceStyles.js';
import '../styleGuide.css';

const STATES = ['empty', 'filled', 'invalid', 'disabled'] as const;
type State = (typeof STATES)[number];

function optionsFor(sample: FieldSample) {
  if (sample.field.widget === 'members') return SAMPLE_USERS;
  if (sample.field.widget === 'reference') return SAMPLE_OPTIONS;
  return undefined;
}

/** One widget in one state; the value can be changed to try it. */
function Sample({ sample, state }: { sample: FieldSample; state: State }) {
  const [value, setValue] = useState<FormValue>(
    state === 'empty' ? emptyValue(sample.field.widget) : sample.filled,
  );
  return (
    <FieldInput
      idPrefix={`sample-${state}`}
      field={sample.field}
      value={value}
      onChange={setValue}
      error={state === 'invalid' ? sample.invalid : undefined}
      disabled={state === 'disabled'}
      options={optionsFor(sample)}
      termModes={sample.field.widget === 'termModes' ? SAMPLE_TERM_MODES : undefined}
    />
  );
}

/** /styles/formik-fields: every form field of the resource machinery in each of its states. */
export default function FormFieldsPage() {
  return (
    <PageFrame>
      <HTMLTable className="allot-field-states">
        <thead>
          <tr>
            <th>Widget</th>
            {STATES.map((s) => (
              <th key={s}>{s.charAt(0).toUpperCase() + s.slice(1)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FIELD_SAMPLES.map((sample) => (
            <tr key={sample.field.name}>
              <th scope="row">
                <H4>{sample.field.widget}</H4>
              </th>
              {STATES.map((state) => (
                <td key={state}>
                  <Sample sample={sample} state={state} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </PageFrame>
  );
}
