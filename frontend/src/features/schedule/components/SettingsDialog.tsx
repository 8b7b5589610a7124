import { useState } from 'react';
import { Dialog, DialogBody, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { parseSettings, type ScheduleSettings } from '../scheduleSettings.js';
import '../../../components/list/components.css';
import { SubmitFooter } from '../../../components/layout/SubmitFooter.js';

/** The calendar's widget settings, validated as typed (zod) with each field's error shown. */
export function SettingsDialog({
  settings,
  onSave,
  onClose,
}: {
  settings: ScheduleSettings;
  onSave: (settings: ScheduleSettings) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState({
    startHour: String(settings.startHour),
    endHour: String(settings.endHour),
    offset: String(settings.offset),
  });
  const [errors, setErrors] = useState<Partial<Record<keyof ScheduleSettings, string>>>({});
  const field = (key: keyof ScheduleSettings, label: string, help: string) => (
    <FormGroup
      label={label}
      labelFor={`schedule-${key}`}
      intent={errors[key] ? Intent.DANGER : Intent.NONE}
      helperText={errors[key] ?? help}
    >
      <InputGroup
        id={`schedule-${key}`}
        inputMode="numeric"
        value={text[key]}
        intent={errors[key] ? Intent.DANGER : Intent.NONE}
        onValueChange={(v) => setText((t) => ({ ...t, [key]: v }))}
      />
    </FormGroup>
  );
  return (
    <Dialog isOpen onClose={onClose} title="Calendar settings" icon="cog">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseSettings(text);
          if (!parsed.ok) {
            setErrors(parsed.errors);
            return;
          }
          onSave(parsed.settings);
        }}
      >
        <DialogBody>
          {field('startHour', 'Day starts at (hour)', '0 to 24.')}
          {field('endHour', 'Day ends at (hour)', '0 to 24, after the start.')}
          {field(
            'offset',
            'Offset (minutes)',
            '−1440 to 1440, a multiple of 5: shifts every meeting as shown.',
          )}
          <p className="allot-teaching-muted">Kept for you in this browser.</p>
        </DialogBody>
        <SubmitFooter onCancel={onClose} />
      </form>
    </Dialog>
  );
}
