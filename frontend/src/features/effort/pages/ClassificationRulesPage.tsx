import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { effortRules } from '@allot/shared-events/browser';
import { ResourceListPage } from '../../../components/resources/ResourceListPage.js';
import { RuleTester } from '../components/RuleTester.js';
import '../effort.css';

/**
 * Classification Rules (/effort/classificationRules): the ordered rules that classify payroll
 * lines into effort categories and types, as a list like every other, and a tester that shows
 * which rule a sample line meets and why.
 */
export default function ClassificationRulesPage() {
  const [testing, setTesting] = useState(false);
  return (
    <>
      <ResourceListPage
        definition={effortRules}
        actions={<Button icon="lab-test" text="Test a line…" onClick={() => setTesting(true)} />}
      />
      {testing && <RuleTester onClose={() => setTesting(false)} />}
    </>
  );
}
