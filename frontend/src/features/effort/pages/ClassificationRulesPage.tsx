import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { effortRules } from '@allot/shared-events/browser';
import { ResourceListPage } from '../../../components/resources/ResourceListPage.js';
import { ReclassifyLines } from '../components/ReclassifyLines.js';
import { RuleTester } from '../components/RuleTester.js';
import { useAbility } from '../../../lib/auth/useAbility.js';
import '../effort.css';

/**
 * Classification Rules (/effort/classificationRules): the ordered rules that classify payroll
 * lines into effort categories and types, as a list like every other, and a tester that shows
 * which rule a sample line meets and why; who keeps the rules classifies every imported line again.
 */
export default function ClassificationRulesPage() {
  const [testing, setTesting] = useState(false);
  const { ability } = useAbility();
  return (
    <>
      <ResourceListPage
        definition={effortRules}
        actions={
          <>
            <Button icon="lab-test" text="Test a line…" onClick={() => setTesting(true)} />
            {ability.can('update', 'EffortRule') && <ReclassifyLines />}
          </>
        }
      />
      {testing && <RuleTester onClose={() => setTesting(false)} />}
    </>
  );
}
