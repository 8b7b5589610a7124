import type { TagDescription } from '@reduxjs/toolkit/query';
import { allotApi, type TagType } from './allotApi.js';
import { refreshAfterResourceWrite, refreshAfterWrite } from './cacheRefresh.js';
import type { CommandAnswer } from './resourceApi.js';
import type {
  ApproveAssignmentBody,
  AssignInstructorBody,
  ChangeAssignmentBody,
  SetMeetingsBody,
  WithdrawAssignmentBody,
  AssignmentListAnswer,
  BulkApprovalAnswer,
  BulkApprovalBody,
  InstructorOptionAnswer,
  InstructorOptionListAnswer,
  SectionAnswer,
  SectionHistoryAnswer,
  SectionListAnswer,
} from '@allot/shared-events/browser';
import type { BulkApprovalLevel, Meeting, SectionBody } from '../domain/sectionTypes.js';

/** Query parameters of the two lists (projection-service/src/readModels/sections/query.ts). */
export type ListQuery = Record<string, string | number>;

// The history of a section is ours alone; the lists use the shared tags.
const withTags = allotApi.enhanceEndpoints({ addTagTypes: ['SectionHistory'] });
type Tag = TagDescription<TagType | 'SectionHistory'>;

/**
 * Section lists show assignments and coverage, so they carry the TeachingAssignments tag too:
 * the realtime assignment events (teachingAssignmentCreated/Changed/Deleted) refresh them.
 */
const SECTION_LIST_TAGS: Tag[] = [
  { type: 'ResourceList', id: 'sections' },
  { type: 'TeachingAssignments', id: 'LIST' },
];

/** A section write: its lists, its history, and spec §7's related refreshes (its offering). */
function afterSectionWrite(id?: string): Tag[] {
  return [
    ...SECTION_LIST_TAGS,
    ...refreshAfterResourceWrite('sections'),
    ...(id ? [{ type: 'SectionHistory' as const, id }] : []),
  ];
}

/** An assignment write refreshes its section and the preference metrics (spec §7). */
function afterAssignmentWrite(sectionId: string, assignmentId?: string): Tag[] {
  return [
    ...refreshAfterWrite('TeachingAssignments', assignmentId ? { id: assignmentId } : {}),
    ...refreshAfterResourceWrite('teachingAssignments'),
    ...SECTION_LIST_TAGS,
    { type: 'SectionHistory', id: sectionId },
  ];
}

/** A bulk approval refreshes what one approval does, for every section it names. */
function afterBulkApproval(assignments: readonly { SectionId: string; id: string }[]): Tag[] {
  return [
    { type: 'TeachingAssignments', id: 'LIST' },
    ...assignments.map((a) => ({ type: 'TeachingAssignments' as const, id: a.id })),
    ...refreshAfterResourceWrite('teachingAssignments'),
    ...SECTION_LIST_TAGS,
    ...[...new Set(assignments.map((a) => a.SectionId))].map((id) => ({
      type: 'SectionHistory' as const,
      id,
    })),
  ];
}

interface AssignmentArgs {
  sectionId: string;
  assignmentId: string;
}

const sectionPath = (id: string) => `sections/${encodeURIComponent(id)}`;
const assignmentPath = ({ sectionId, assignmentId }: AssignmentArgs) =>
  `${sectionPath(sectionId)}/assignments/${encodeURIComponent(assignmentId)}`;

export const sectionsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listSections: build.query<SectionListAnswer, ListQuery>({
      query: (params) => ({ url: 'sections', params }),
      providesTags: SECTION_LIST_TAGS,
    }),
    getSection: build.query<SectionAnswer, string>({
      query: (id) => sectionPath(id),
      providesTags: SECTION_LIST_TAGS,
    }),
    listSectionAssignments: build.query<AssignmentListAnswer, ListQuery>({
      query: (params) => ({ url: 'sectionAssignments', params }),
      providesTags: (answer) => [
        { type: 'TeachingAssignments', id: 'LIST' },
        ...(answer?.rows ?? []).map((r) => ({ type: 'TeachingAssignments' as const, id: r.id })),
      ],
    }),
    sectionInstructors: build.query<InstructorOptionAnswer[], { facultyOnly?: boolean } | void>({
      query: (args) => ({
        url: 'sectionInstructors',
        params: { take: 5000, facultyOnly: String(args?.facultyOnly ?? true) },
      }),
      transformResponse: (answer: InstructorOptionListAnswer) => answer.rows,
      providesTags: [{ type: 'ResourceList', id: 'users' }],
    }),
    sectionHistory: build.query<SectionHistoryAnswer, string>({
      query: (id) => `history/sections/${encodeURIComponent(id)}`,
      providesTags: (_answer, _error, id) => [{ type: 'SectionHistory', id }],
    }),

    createSection: build.mutation<CommandAnswer, SectionBody>({
      query: (body) => ({ url: 'sections', method: 'POST', body }),
      invalidatesTags: () => afterSectionWrite(),
    }),
    updateSection: build.mutation<
      CommandAnswer,
      { id: string; revision: number; body: SectionBody }
    >({
      query: ({ id, revision, body }) => ({
        url: sectionPath(id),
        method: 'PUT',
        headers: { 'If-Match': `"${String(revision)}"` },
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => afterSectionWrite(id),
    }),
    deleteSection: build.mutation<CommandAnswer, { id: string }>({
      query: ({ id }) => ({ url: sectionPath(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id }) => afterSectionWrite(id),
    }),
    setMeetings: build.mutation<
      CommandAnswer,
      { id: string; revision: number; meetings: Meeting[]; override?: boolean }
    >({
      query: ({ id, revision, meetings, override }) => ({
        url: `${sectionPath(id)}/meetings`,
        method: 'PUT',
        headers: { 'If-Match': `"${String(revision)}"` },
        body: { meetings, ...(override ? { override: true } : {}) } satisfies SetMeetingsBody,
      }),
      invalidatesTags: (_r, _e, { id }) => afterSectionWrite(id),
    }),

    assignInstructor: build.mutation<CommandAnswer, { sectionId: string } & AssignInstructorBody>({
      query: ({ sectionId, override, ...body }) => ({
        url: `${sectionPath(sectionId)}/assignments`,
        method: 'POST',
        body: { ...body, ...(override ? { override: true } : {}) } satisfies AssignInstructorBody,
      }),
      invalidatesTags: (answer, _e, { sectionId }) => afterAssignmentWrite(sectionId, answer?.id),
    }),
    changeAssignment: build.mutation<CommandAnswer, AssignmentArgs & ChangeAssignmentBody>({
      query: ({ sectionId, assignmentId, ...body }) => ({
        url: assignmentPath({ sectionId, assignmentId }),
        method: 'PUT',
        body: body satisfies ChangeAssignmentBody,
      }),
      invalidatesTags: (_r, _e, a) => afterAssignmentWrite(a.sectionId, a.assignmentId),
    }),
    approveAssignment: build.mutation<CommandAnswer, AssignmentArgs>({
      query: (a) => ({
        url: `${assignmentPath(a)}/approve`,
        method: 'POST',
        body: {} satisfies ApproveAssignmentBody,
      }),
      invalidatesTags: (_r, _e, a) => afterAssignmentWrite(a.sectionId, a.assignmentId),
    }),
    finalizeAssignment: build.mutation<CommandAnswer, AssignmentArgs>({
      query: (a) => ({
        url: `${assignmentPath(a)}/finalize`,
        method: 'POST',
        body: {} satisfies ApproveAssignmentBody,
      }),
      invalidatesTags: (_r, _e, a) => afterAssignmentWrite(a.sectionId, a.assignmentId),
    }),
    /** `POST /api/sectionAssignments/approve|finalize`: at most BULK_APPROVAL_MAX a request. */
    bulkApproveAssignments: build.mutation<
      BulkApprovalAnswer,
      BulkApprovalBody & { level: BulkApprovalLevel }
    >({
      query: ({ level, assignments }) => ({
        url: `sectionAssignments/${level}`,
        method: 'POST',
        body: { assignments } satisfies BulkApprovalBody,
      }),
      invalidatesTags: (_r, _e, { assignments }) => afterBulkApproval(assignments),
    }),
    withdrawAssignment: build.mutation<CommandAnswer, AssignmentArgs & WithdrawAssignmentBody>({
      query: ({ reason, ...a }) => ({
        url: `${assignmentPath(a)}/withdraw`,
        method: 'POST',
        body: { reason } satisfies WithdrawAssignmentBody,
      }),
      invalidatesTags: (_r, _e, a) => afterAssignmentWrite(a.sectionId, a.assignmentId),
    }),
    unassignInstructor: build.mutation<CommandAnswer, AssignmentArgs>({
      query: (a) => ({ url: assignmentPath(a), method: 'DELETE' }),
      invalidatesTags: (_r, _e, a) => afterAssignmentWrite(a.sectionId, a.assignmentId),
    }),
  }),
});

export const {
  useListSectionsQuery,
  useGetSectionQuery,
  useListSectionAssignmentsQuery,
  useSectionInstructorsQuery,
  useSectionHistoryQuery,
  useCreateSectionMutation,
  useUpdateSectionMutation,
  useDeleteSectionMutation,
  useSetMeetingsMutation,
  useAssignInstructorMutation,
  useChangeAssignmentMutation,
  useApproveAssignmentMutation,
  useFinalizeAssignmentMutation,
  useBulkApproveAssignmentsMutation,
  useWithdrawAssignmentMutation,
  useUnassignInstructorMutation,
} = sectionsApi;
