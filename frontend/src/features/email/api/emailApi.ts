import type {
  CaughtMailAnswer,
  EmailMessagesAnswer,
  EmailMessagesQuery,
  EmailPreviewAnswer,
  EmailPreviewRequest,
  EmailRecipientsAnswer,
  EmailRecipientsQuery,
  EmailSendAnswer,
  EmailSendStartedAnswer,
  EmailSendsAnswer,
  SendEmailRequest,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';

const defined = (params: object) =>
  Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );

/** Email Instructors' calls (docs/email.md): recipients, preview, sends, retries, caught mail. */
export const emailApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    emailRecipients: build.query<EmailRecipientsAnswer, Partial<EmailRecipientsQuery>>({
      query: (params) => ({ url: 'email/recipients', params: defined(params) }),
      providesTags: [{ type: 'ResourceList', id: 'users' }, 'TeachingAssignments'],
    }),
    previewEmail: build.mutation<EmailPreviewAnswer, EmailPreviewRequest>({
      query: (body) => ({ url: 'email/preview', method: 'POST', body }),
    }),
    sendEmail: build.mutation<EmailSendStartedAnswer, SendEmailRequest>({
      query: (body) => ({ url: 'email/sends', method: 'POST', body }),
      invalidatesTags: ['EmailSends'],
    }),
    retryEmail: build.mutation<EmailSendStartedAnswer, string>({
      query: (id) => ({ url: `email/sends/${encodeURIComponent(id)}/retry`, method: 'POST' }),
      invalidatesTags: ['EmailSends'],
    }),
    stopEmailJob: build.mutation<void, string>({
      query: (jobId) => ({ url: `email/jobs/${encodeURIComponent(jobId)}/stop`, method: 'POST' }),
      invalidatesTags: ['EmailSends'],
    }),
    emailSends: build.query<EmailSendsAnswer, { take: number; skip: number }>({
      query: (params) => ({ url: 'email/sends', params }),
      providesTags: ['EmailSends'],
    }),
    emailSend: build.query<EmailSendAnswer, string>({
      query: (id) => `email/sends/${encodeURIComponent(id)}`,
      providesTags: ['EmailSends'],
    }),
    emailMessages: build.query<EmailMessagesAnswer, Partial<EmailMessagesQuery> & { id: string }>({
      query: ({ id, ...params }) => ({
        url: `email/sends/${encodeURIComponent(id)}/messages`,
        params: defined(params),
      }),
      providesTags: ['EmailSends'],
    }),
    caughtMail: build.query<CaughtMailAnswer, { take: number; skip: number }>({
      query: (params) => ({ url: 'email/caught', params }),
      providesTags: ['EmailSends'],
    }),
  }),
});

export const {
  useEmailRecipientsQuery,
  usePreviewEmailMutation,
  useSendEmailMutation,
  useRetryEmailMutation,
  useStopEmailJobMutation,
  useEmailSendsQuery,
  useEmailSendQuery,
  useEmailMessagesQuery,
  useCaughtMailQuery,
} = emailApi;
