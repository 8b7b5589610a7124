import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  FileInput,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Section,
  SectionCard,
  Switch,
  Tag,
} from '@blueprintjs/core';
import {
  FEATURE_FLAG_NAMES,
  INSTITUTION_NAME_MAX_LENGTH,
  isSupportUrl,
  knownTimeZones,
  LogoUploaded,
  MAX_LOGO_BYTES,
  settingLabel,
  SUPPORT_URL_SETTING,
  TIME_ZONE_SETTING,
  type FeatureFlagName,
} from '@allot/shared-events/browser';
import {
  useGetSettingsQuery,
  useGetStatusQuery,
  type SettingRow,
} from '../../../lib/api/sessionApi.js';
import { notify } from '../../../lib/notifications/notify.js';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { QueryBody } from '../../../components/list/QueryBody.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import {
  useChangeSettingMutation,
  useGetFeatureFlagStatesQuery,
  useGetSettingsHistoryQuery,
  useResetLogoMutation,
  useUploadLogoMutation,
} from '../api/settingsAdminApi.js';
import { HistoryEntries } from '../../../components/resources/HistoryEntries.js';
import { HistoryDrawerFrame } from '../../../components/resources/HistoryPanel.js';
import '../../../components/resources/resourceStyles.js';
import { logoChanged, useLogoSrc } from '../../../lib/branding/logoRevision.js';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
/** The server refuses larger logos (413); saying so before the upload saves a round trip. */
const MAX_LOGO_SIZE = `${String(MAX_LOGO_BYTES / (1024 * 1024))} MB`;
/** The image types the server takes (LogoUploaded's content types). */
const LOGO_TYPES = LogoUploaded.shape.contentType.options;

function valueOf(rows: readonly SettingRow[] | undefined, machineName: string): string | null {
  return rows?.find((r) => r.machineName === machineName)?.Setting?.value ?? null;
}

/**
 * Configuration → System Settings: institution name, support URL, logo, primary colour, feature
 * flags.
 */
export default function SettingsPage() {
  const settings = useGetSettingsQuery();
  const status = useGetStatusQuery();
  const [showHistory, setShowHistory] = useState(false);
  const historyButton = (
    <Button
      icon="history"
      text="History"
      aria-label="History of the settings"
      onClick={() => setShowHistory(true)}
    />
  );
  // The page waits for the status too (the flags in effect); only the settings' failure stops it.
  return (
    <QueryBody
      page
      what="Settings"
      loadingLabel="Loading settings"
      query={{
        data: status.isLoading ? undefined : settings.data,
        error: settings.error,
        isLoading: settings.isLoading || status.isLoading,
        refetch: settings.refetch,
      }}
    >
      {(rows) => (
        <PageFrame actions={historyButton}>
          {showHistory && <SettingsHistoryDrawer onClose={() => setShowHistory(false)} />}
          <div className="allot-settings">
            <InstitutionNameSection current={valueOf(rows, 'institution_name') ?? ''} />
            <SupportUrlSection current={valueOf(rows, SUPPORT_URL_SETTING) ?? ''} />
            <TimeZoneSection current={valueOf(rows, TIME_ZONE_SETTING) ?? ''} />
            <LogoSection hasLogo={valueOf(rows, 'logo') === 'true'} />
            <PrimaryColourSection current={valueOf(rows, 'primary_color') ?? ''} />
            <FeatureFlagsSection rows={rows} effective={status.data?.featureFlags ?? null} />
          </div>
        </PageFrame>
      )}
    </QueryBody>
  );
}

function useSaveSetting() {
  const [change, state] = useChangeSettingMutation();
  async function save(machineName: string, value: string, done: string): Promise<boolean> {
    const result = await change({ machineName, value });
    if ('error' in result) {
      void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
      return false;
    }
    void notify({ message: done, intent: Intent.SUCCESS });
    return true;
  }
  return { save, saving: state.isLoading };
}

function InstitutionNameSection({ current }: { current: string }) {
  const [name, setName] = useState(current);
  useEffect(() => setName(current), [current]);
  const { save, saving } = useSaveSetting();
  const length = name.trim().length;
  // The server refuses a longer name (the sign-in card shows it); said here before sending.
  const tooLong = length > INSTITUTION_NAME_MAX_LENGTH;
  const invalid = length === 0 || tooLong;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!invalid) void save('institution_name', name.trim(), 'Institution name saved.');
  };
  const helperText = tooLong
    ? `At most ${INSTITUTION_NAME_MAX_LENGTH} characters (${length} now).`
    : length === 0
      ? 'Enter the institution’s name.'
      : 'Shown on the sign-in page.';
  return (
    <Section title="Institution" compact>
      <SectionCard>
        <form onSubmit={submit} className="allot-settings-row">
          <FormGroup
            label="Institution name"
            labelFor="institution-name"
            helperText={helperText}
            intent={invalid ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="institution-name"
              value={name}
              intent={invalid ? Intent.DANGER : Intent.NONE}
              onValueChange={setName}
            />
          </FormGroup>
          <Button
            type="submit"
            text="Save name"
            loading={saving}
            disabled={invalid || name === current}
          />
        </form>
      </SectionCard>
    </Section>
  );
}

/** Where the top bar's support chat button leads; empty hides the button. */
function SupportUrlSection({ current }: { current: string }) {
  const [url, setUrl] = useState(current);
  useEffect(() => setUrl(current), [current]);
  const { save, saving } = useSaveSetting();
  const value = url.trim();
  const invalid = value !== '' && !isSupportUrl(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!invalid) void save(SUPPORT_URL_SETTING, value, 'Support URL saved.');
  };
  return (
    <Section title="Support" compact>
      <SectionCard>
        <form onSubmit={submit} className="allot-settings-row">
          <FormGroup
            label="Support URL"
            labelFor="support-url"
            helperText={
              invalid
                ? 'Use a web address starting with http:// or https://.'
                : 'The support chat button opens it; empty hides the button.'
            }
            intent={invalid ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="support-url"
              type="url"
              value={url}
              placeholder="https://support.example.edu/chat"
              intent={invalid ? Intent.DANGER : Intent.NONE}
              onValueChange={setUrl}
            />
          </FormGroup>
          <Button
            type="submit"
            text="Save support URL"
            loading={saving}
            disabled={invalid || value === current}
          />
        </form>
      </SectionCard>
    </Section>
  );
}

/** The zone meeting times are in: calendar feeds give it to faculty members' calendar apps. */
function TimeZoneSection({ current }: { current: string }) {
  const [zone, setZone] = useState(current);
  useEffect(() => setZone(current), [current]);
  const { save, saving } = useSaveSetting();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(TIME_ZONE_SETTING, zone, zone ? `Time zone set to ${zone}.` : 'Time zone cleared.');
  };
  return (
    <Section title="Time zone" compact>
      <SectionCard>
        <form onSubmit={submit} className="allot-settings-row">
          <FormGroup
            label="Time zone"
            labelFor="time-zone"
            helperText="Where meeting times are. Calendar feeds give it to faculty members’ calendar apps; not set, their apps read the times as their own."
          >
            <HTMLSelect
              id="time-zone"
              value={zone}
              onChange={(e) => setZone(e.currentTarget.value)}
              options={[
                { value: '', label: 'Not set' },
                ...knownTimeZones().map((z) => ({ value: z, label: z.replaceAll('_', ' ') })),
              ]}
            />
          </FormGroup>
          <Button
            type="submit"
            text="Save time zone"
            loading={saving}
            disabled={zone === current}
          />
        </form>
      </SectionCard>
    </Section>
  );
}

function LogoSection({ hasLogo }: { hasLogo: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  // What this page just stored (upload: true, reset: false) until the settings read again say
  // so: the image reloads at once, and its caption must not lag behind it ("Default logo" under
  // the new upload). Any later change of the setting, from here or elsewhere, takes over.
  const [storedHere, setStoredHere] = useState<boolean | null>(null);
  useEffect(() => setStoredHere(null), [hasLogo]);
  const showsUpload = storedHere ?? hasLogo;
  const logoSrc = useLogoSrc();
  const [upload, state] = useUploadLogoMutation();
  const [reset, resetState] = useResetLogoMutation();
  const tooBig = file !== null && file.size > MAX_LOGO_BYTES;
  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  async function send() {
    if (!file || tooBig) return;
    const result = await upload(file);
    if ('error' in result) {
      void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
      return;
    }
    setFile(null);
    setPreview(null);
    setStoredHere(true);
    logoChanged(result.data.position);
    void notify({ message: 'Logo uploaded.', intent: Intent.SUCCESS });
  }

  async function resetToDefault() {
    setConfirmingReset(false);
    const result = await reset();
    if ('error' in result) {
      void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
      return;
    }
    setStoredHere(false);
    logoChanged(result.data.position);
    void notify({ message: 'The default logo shows again.', intent: Intent.SUCCESS });
  }

  return (
    <Section title="Logo" compact>
      <SectionCard>
        <div className="allot-logo-row">
          <figure className="allot-logo-preview">
            <img
              src={preview ?? logoSrc}
              alt={preview ? 'Preview of the new logo' : 'Current logo'}
            />
            <figcaption className="bp6-text-muted">
              {preview ? 'Preview (not saved yet)' : showsUpload ? 'Current logo' : 'Default logo'}
            </figcaption>
          </figure>
          <div>
            <FormGroup
              label="New logo"
              labelFor="logo-file"
              helperText={
                tooBig
                  ? `The logo must be at most ${MAX_LOGO_SIZE}.`
                  : `PNG, JPEG or SVG, at most ${MAX_LOGO_SIZE}.`
              }
              intent={tooBig ? Intent.DANGER : Intent.NONE}
            >
              <FileInput
                inputProps={{ id: 'logo-file', accept: LOGO_TYPES.join(',') }}
                text={file?.name ?? 'Choose a file…'}
                hasSelection={file !== null}
                onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
              />
            </FormGroup>
            <Button
              intent={Intent.PRIMARY}
              icon="upload"
              text="Upload logo"
              disabled={!file || tooBig}
              loading={state.isLoading}
              onClick={() => void send()}
            />
            {showsUpload && !preview && (
              <Button
                className="allot-logo-reset"
                variant="minimal"
                icon="reset"
                text="Reset to default logo"
                loading={resetState.isLoading}
                onClick={() => setConfirmingReset(true)}
              />
            )}
          </div>
        </div>
        <Alert
          isOpen={confirmingReset}
          icon="reset"
          intent={Intent.WARNING}
          confirmButtonText="Reset logo"
          cancelButtonText="Cancel"
          onCancel={() => setConfirmingReset(false)}
          onConfirm={() => void resetToDefault()}
        >
          <p>
            Show the default logo instead of the uploaded one, on the sign-in page and in the menu?
            You can upload a logo again at any time.
          </p>
        </Alert>
      </SectionCard>
    </Section>
  );
}

function PrimaryColourSection({ current }: { current: string }) {
  const [colour, setColour] = useState(current);
  useEffect(() => setColour(current), [current]);
  const { save, saving } = useSaveSetting();
  const invalid = colour !== '' && !HEX_COLOUR.test(colour);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!invalid) void save('primary_color', colour, 'Primary colour saved.');
  };
  return (
    <Section title="Primary colour" compact>
      <SectionCard>
        <form onSubmit={submit} className="allot-settings-row">
          <FormGroup
            label="Primary colour"
            labelFor="primary-colour"
            helperText={invalid ? 'Use a colour like #1f4b99.' : 'Empty means the default colour.'}
            intent={invalid ? Intent.DANGER : Intent.NONE}
          >
            <div className="allot-color-field">
              <input
                type="color"
                aria-label="Primary colour picker"
                value={HEX_COLOUR.test(colour) ? colour : '#1f4b99'}
                onChange={(e) => setColour(e.currentTarget.value)}
              />
              <InputGroup
                id="primary-colour"
                value={colour}
                placeholder="#1f4b99"
                intent={invalid ? Intent.DANGER : Intent.NONE}
                onValueChange={setColour}
              />
            </div>
          </FormGroup>
          <Button
            type="submit"
            text="Save colour"
            loading={saving}
            disabled={invalid || colour === current}
          />
        </form>
      </SectionCard>
    </Section>
  );
}

function FeatureFlagsSection({
  rows,
  effective,
}: {
  rows: readonly SettingRow[] | undefined;
  effective: Record<FeatureFlagName, boolean> | null;
}) {
  const { save, saving } = useSaveSetting();
  // Each flag's configured default; without it (an older server) the defaults are just not shown.
  const states = useGetFeatureFlagStatesQuery();
  return (
    <Section
      title="Features"
      subtitle="A stored choice overrides the configured default; abilities follow on the next request."
      compact
    >
      <SectionCard>
        {FEATURE_FLAG_NAMES.map((flag) => {
          // '' (or nothing stored) means the configured default applies.
          const raw = valueOf(rows, flag);
          const stored = raw === 'true' || raw === 'false' ? raw : null;
          const configured = states.data?.find((s) => s.name === flag)?.default ?? null;
          const on =
            stored !== null ? stored === 'true' : (configured ?? effective?.[flag] ?? false);
          const label = settingLabel(flag);
          const defaultText = configured === null ? null : configured ? 'on' : 'off';
          return (
            <div key={flag} className="allot-flag-row">
              <Switch
                large
                checked={on}
                disabled={saving}
                label={`${label}${stored === null ? ' (default)' : ''}`}
                onChange={(e) =>
                  void save(
                    flag,
                    e.currentTarget.checked ? 'true' : 'false',
                    `${label} ${e.currentTarget.checked ? 'on' : 'off'}.`,
                  )
                }
              />
              {defaultText !== null && (
                <Tag
                  minimal
                  round
                  intent={
                    stored !== null && stored !== String(configured) ? Intent.WARNING : Intent.NONE
                  }
                  title={`Configuration sets ${label} ${defaultText} unless a choice is stored.`}
                >
                  default: {defaultText}
                </Tag>
              )}
              {stored !== null && (
                <Button
                  size="small"
                  variant="minimal"
                  text={defaultText === null ? 'Use default' : `Use default (${defaultText})`}
                  aria-label={`${label}: use the configured default`}
                  disabled={saving}
                  onClick={() => void save(flag, '', `${label} follows its default again.`)}
                />
              )}
            </div>
          );
        })}
      </SectionCard>
    </Section>
  );
}

/** Who changed which setting when, from → to by the setting's label (GET /api/history/settings). */
function SettingsHistoryDrawer({ onClose }: { onClose: () => void }) {
  const { data, error, isLoading } = useGetSettingsHistoryQuery();
  return (
    <HistoryDrawerFrame
      title="History: System Settings"
      isLoading={isLoading}
      error={error}
      onClose={onClose}
    >
      {data && (
        <HistoryEntries
          entries={data}
          titleOf={(entry) =>
            entry.changes.some((c) => c.display.kind === 'image')
              ? 'Logo changed'
              : 'Setting changed'
          }
        />
      )}
    </HistoryDrawerFrame>
  );
}
