import {
  Checkbox,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import {
  ROLE_LABELS,
  ROLE_SLUGS,
  type RoleSlug,
  type SavedReportKind,
} from '@allot/shared-events/browser';

/** What a saved report is called and who sees it. */
export interface ReportDetails {
  name: string;
  description: string;
  type: SavedReportKind;
  sharedWithRoles: RoleSlug[];
}

export const NO_DETAILS: ReportDetails = {
  name: '',
  description: '',
  type: 'custom',
  sharedWithRoles: [],
};

export type DetailErrors = Partial<Record<'name' | 'description' | 'sharedWithRoles', string>>;

/** Every role by the name people know it by, ticked for those the report is shared with. */
export function RoleSharing({
  value,
  onChange,
  disabled = false,
}: {
  value: readonly RoleSlug[];
  onChange: (roles: RoleSlug[]) => void;
  disabled?: boolean;
}) {
  return (
    <div role="group" aria-label="Share with roles" className="allot-report-roles">
      {ROLE_SLUGS.map((slug) => (
        <Checkbox
          key={slug}
          inline
          label={ROLE_LABELS[slug]}
          disabled={disabled}
          checked={value.includes(slug)}
          onChange={(e) =>
            onChange(
              e.currentTarget.checked ? [...value, slug] : value.filter((role) => role !== slug),
            )
          }
        />
      ))}
    </div>
  );
}

/**
 * The name, description and, for report managers, the kind (system: everyone sees it; custom:
 * its owner and the roles it is shared with) of a saved report.
 */
export function ReportDetailsFields({
  idPrefix,
  value,
  onChange,
  errors,
  mayPublish,
  kindFixed = false,
}: {
  idPrefix: string;
  value: ReportDetails;
  onChange: (value: ReportDetails) => void;
  errors: DetailErrors;
  /** Manage on Report: may make a system report and share with roles. */
  mayPublish: boolean;
  /** A saved report's kind stays what it was made as. */
  kindFixed?: boolean;
}) {
  return (
    <>
      <FormGroup
        label="Name (required)"
        labelFor={`${idPrefix}-name`}
        helperText={errors.name ?? 'How the report is listed.'}
        intent={errors.name ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup
          id={`${idPrefix}-name`}
          value={value.name}
          onValueChange={(name) => onChange({ ...value, name })}
          intent={errors.name ? Intent.DANGER : Intent.NONE}
        />
      </FormGroup>
      <FormGroup
        label="Description"
        labelFor={`${idPrefix}-description`}
        helperText={errors.description ?? 'What the report shows, for those who open it.'}
        intent={errors.description ? Intent.DANGER : Intent.NONE}
      >
        <TextArea
          id={`${idPrefix}-description`}
          fill
          value={value.description}
          onChange={(e) => onChange({ ...value, description: e.currentTarget.value })}
        />
      </FormGroup>
      {mayPublish && (
        <RadioGroup
          label="Who sees it"
          selectedValue={value.type}
          disabled={kindFixed}
          onChange={(e) =>
            onChange({
              ...value,
              type: e.currentTarget.value === 'system' ? 'system' : 'custom',
            })
          }
        >
          <Radio value="custom" label="Its owner, and the roles it is shared with" />
          <Radio value="system" label="Everyone who reads reports (a system report)" />
        </RadioGroup>
      )}
      {mayPublish && value.type === 'custom' && (
        <FormGroup
          label="Share with roles"
          helperText={
            errors.sharedWithRoles ?? 'Everyone holding one of these roles sees the report too.'
          }
          intent={errors.sharedWithRoles ? Intent.DANGER : Intent.NONE}
        >
          <RoleSharing
            value={value.sharedWithRoles}
            onChange={(sharedWithRoles) => onChange({ ...value, sharedWithRoles })}
          />
        </FormGroup>
      )}
    </>
  );
}

/** The details checked before they are sent: a name is needed. */
export function detailErrors(value: ReportDetails): DetailErrors {
  return value.name.trim() === '' ? { name: 'Name the report.' } : {};
}
