import { PageFrame } from '../../../components/layout/PageFrame.js';
import { useAbility } from '../../../lib/auth/useAbility.js';
import { EffortImportForm } from '../imports/EffortImportForm.js';
import { EffortImportList } from '../imports/EffortImportList.js';
import '../../../lib/imports/imports.css';
import '../effort.css';

/**
 * Import Effort (/effort/import): effort managers import payroll files — previewed row by row,
 * run with progress and Stop, undone as a whole (docs/effort.md "Importing effort"). The page
 * needs create on EffortImport (spec §2); admins and contributors read the imports on /effort.
 */
export default function ImportEffortPage() {
  const { ability } = useAbility();
  const mayImport = ability.can('create', 'EffortImport');
  return (
    <PageFrame>
      {mayImport && <EffortImportForm />}
      <EffortImportList canUndo={mayImport} />
    </PageFrame>
  );
}
