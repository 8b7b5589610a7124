import type { ReactNode } from 'react';
import { Callout, Intent, Tag } from '@blueprintjs/core';
import { QueryBody } from '../../../components/list/QueryBody.js';
import { useReferenceOptionsQuery } from '../../../lib/api/resourceApi.js';
import { useFacultyProfileQuery, type FacultyProfileView } from '../api/instructorApi.js';

/** The lists a faculty profile names, by field (spec §3), with the path that names them. */
const SINGLE_REFERENCES = [
  ['InstructorTypeId', 'Instructor type', 'instructorTypes'],
  ['RankId', 'Rank', 'ranks'],
  ['DivisionId', 'Division', 'divisions'],
  ['TrackId', 'Track', 'tracks'],
] as const;
const TAXONOMIES = [
  ['CampusIds', 'Campuses', 'campuses'],
  ['ProgramIds', 'Programs', 'programs'],
  ['SpecialtyIds', 'Specialties', 'specialties'],
  ['MajorIds', 'Majors', 'majors'],
  ['CohortIds', 'Cohorts', 'cohorts'],
] as const;

/**
 * The names of `ids` in the list at `path`. Asked only when there is something to name, as the
 * option list (`select=id,name`), which administrators read and academic ops may pick from.
 */
function Names({ path, ids }: { path: string; ids: readonly string[] }) {
  const { data, isError } = useReferenceOptionsQuery(
    { path, labelField: 'name', activeOnly: false },
    { skip: ids.length === 0 },
  );
  if (ids.length === 0) return <span className="bp6-text-muted">—</span>;
  if (!data && !isError) return <>…</>;
  const label = (id: string) =>
    data?.find((o) => o.value === id)?.label ?? `${id} (inactive or removed)`;
  if (ids.length === 1) return <>{label(ids[0]!)}</>;
  return (
    <span className="allot-instructor-profile__tags">
      {ids.map((id) => (
        <Tag key={id} minimal>
          {label(id)}
        </Tag>
      ))}
    </span>
  );
}

function YesNo({ value }: { value: boolean | undefined }) {
  if (value === undefined) return <span className="bp6-text-muted">—</span>;
  return value ? (
    <Tag minimal intent={Intent.SUCCESS}>
      Yes
    </Tag>
  ) : (
    <Tag minimal>No</Tag>
  );
}

function Text({ value }: { value: string | null | undefined }) {
  return value?.trim() ? (
    <span className="allot-instructor-profile__text">{value}</span>
  ) : (
    <span className="bp6-text-muted">—</span>
  );
}

/** Whether the user has any faculty profile field at all. */
function hasProfile(profile: FacultyProfileView): boolean {
  return Object.keys(profile).some((key) => key !== 'UserId');
}

/** The Profile tab: the instructor's faculty profile (GET /api/users/facultyProfile/:userId). */
export function InstructorProfile({ userId }: { userId: string }) {
  const profile = useFacultyProfileQuery(userId);
  return (
    <QueryBody what="The profile" query={profile} loadingLabel="Loading the profile">
      {(data) => <ProfileFields profile={data} />}
    </QueryBody>
  );
}

function ProfileFields({ profile: data }: { profile: FacultyProfileView }) {
  if (!hasProfile(data)) {
    return <Callout icon="info-sign">No faculty profile is recorded for this instructor.</Callout>;
  }
  // Taxonomies are optional lists: only those the profile names, or one line saying none.
  const taxonomies = TAXONOMIES.filter(([field]) => (data[field] ?? []).length > 0);
  const rows: { label: string; value: ReactNode }[] = [
    ...SINGLE_REFERENCES.map(([field, label, path]) => {
      const id = data[field];
      return { label, value: <Names path={path} ids={id ? [id] : []} /> };
    }),
    { label: 'Active', value: <YesNo value={data.isActive} /> },
    { label: 'Receive emails', value: <YesNo value={data.receiveAssignments} /> },
    { label: 'Certifications', value: <Text value={data.certifications} /> },
    { label: 'Credentials', value: <Text value={data.credentials} /> },
    ...(taxonomies.length === 0
      ? [{ label: 'Taxonomies', value: <span className="bp6-text-muted">—</span> }]
      : taxonomies.map(([field, label, path]) => ({
          label,
          value: <Names path={path} ids={data[field] ?? []} />,
        }))),
  ];
  return (
    <dl className="allot-instructor-profile" aria-label="Faculty profile">
      {rows.map(({ label, value }) => (
        <div key={label} className="allot-instructor-profile__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
