import { useState } from 'react';
import {
  Alert,
  Button,
  Callout,
  Card,
  FormGroup,
  HTMLSelect,
  Intent,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { notify } from '../../../lib/notifications/notify.js';
import { ListBody } from '../../../components/list/ListPage.js';
import {
  useCreateResourceMutation,
  useDeleteResourceMutation,
  useListResourceQuery,
  type ResourceRow,
} from '../../../lib/api/resourceApi.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { textOf } from '../../../lib/resources/cellText.js';
import { DATE_LOCALE } from '../../../lib/constants.js';

const MAX_NOTE = 4000;

/** The notes about one faculty member, newest first (GET /api/notes, the notes kind). */
export function notesQuery(userId: string) {
  return {
    path: 'notes',
    params: {
      take: 200,
      skip: 0,
      filter: JSON.stringify({ notableId: userId }),
      sort: JSON.stringify([['createdAt', 'DESC']]),
    },
  };
}

function writtenAt(row: ResourceRow): string {
  const at = typeof row.createdAt === 'string' ? new Date(row.createdAt) : null;
  return at ? at.toLocaleString(DATE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

/**
 * The Notes tab: what staff noted about the instructor, on their profile or on their teaching
 * preferences of a period (spec §3 Note). Those who manage instructors add and delete notes.
 */
export function InstructorNotes({
  userId,
  periodId,
  periodName,
  mayWrite,
}: {
  userId: string;
  periodId: string;
  periodName: string;
  mayWrite: boolean;
}) {
  const list = useListResourceQuery(notesQuery(userId));
  const [create, creating] = useCreateResourceMutation();
  const [remove, removing] = useDeleteResourceMutation();
  const [text, setText] = useState('');
  const [about, setAbout] = useState<'facultyProfile' | 'teachingPreferences'>('facultyProfile');
  const [deleting, setDeleting] = useState<ResourceRow | null>(null);
  const trimmed = text.trim();
  const tooLong = trimmed.length > MAX_NOTE;

  async function add() {
    const result = await create({
      path: 'notes',
      body: {
        notableType: about,
        notableId: userId,
        AcademicPeriodId: about === 'teachingPreferences' ? periodId : null,
        text: trimmed,
      },
    });
    if ('error' in result) {
      void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
      return;
    }
    setText('');
    void notify({ message: 'Note added.', intent: Intent.SUCCESS });
  }

  async function confirmDelete() {
    if (!deleting) return;
    const result = await remove({ path: 'notes', id: deleting.id });
    setDeleting(null);
    void notify(
      'error' in result
        ? { message: problemOf(result.error).message, intent: Intent.DANGER }
        : { message: 'Note deleted.', intent: Intent.SUCCESS },
    );
  }

  return (
    <div className="allot-instructor-notes">
      {mayWrite && (
        <Card className="allot-notes__new">
          <FormGroup
            label="New note"
            labelFor="new-note"
            helperText={tooLong ? `Use at most ${String(MAX_NOTE)} characters.` : undefined}
            intent={tooLong ? Intent.DANGER : Intent.NONE}
          >
            <TextArea
              id="new-note"
              fill
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              intent={tooLong ? Intent.DANGER : Intent.NONE}
            />
          </FormGroup>
          <div className="allot-notes__actions">
            <HTMLSelect
              aria-label="About"
              value={about}
              onChange={(e) =>
                setAbout(e.currentTarget.value as 'facultyProfile' | 'teachingPreferences')
              }
            >
              <option value="facultyProfile">Their faculty profile</option>
              <option value="teachingPreferences" disabled={periodId === ''}>
                Their teaching preferences, {periodName || 'this period'}
              </option>
            </HTMLSelect>
            <Button
              intent={Intent.PRIMARY}
              text="Add note"
              disabled={trimmed === '' || tooLong}
              loading={creating.isLoading}
              onClick={() => void add()}
            />
          </div>
        </Card>
      )}
      {!mayWrite && (
        <Callout icon="info-sign" compact>
          Notes are written by those who manage instructors.
        </Callout>
      )}
      <ListBody
        what="The notes"
        query={list}
        filtering={false}
        loadingLabel="Loading the notes"
        empty={{ icon: 'annotation', title: 'No notes yet' }}
      >
        {(rows) => (
          <ul className="allot-notes" aria-label="Notes">
            {rows.map((note) => (
              <li key={note.id}>
                <Card compact>
                  <div className="allot-notes__head">
                    <Tag minimal>
                      {note.notableType === 'teachingPreferences'
                        ? 'Teaching preferences'
                        : 'Faculty profile'}
                    </Tag>
                    <span className="bp6-text-muted">{writtenAt(note)}</span>
                    {mayWrite && (
                      <Button
                        size="small"
                        variant="minimal"
                        icon="trash"
                        aria-label={`Delete the note of ${writtenAt(note)}`}
                        onClick={() => setDeleting(note)}
                      />
                    )}
                  </div>
                  <p className="allot-notes__text">{textOf(note.text)}</p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </ListBody>
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        loading={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        Delete this note? It stays in the record's history.
      </Alert>
    </div>
  );
}
