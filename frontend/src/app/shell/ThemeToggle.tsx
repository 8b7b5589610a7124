import { Button } from '@blueprintjs/core';
import { AppTooltip } from '../../components/AppTooltip.js';
import { FlashIcon, MoonIcon } from '@blueprintjs/icons';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../../lib/api/store.js';
import {
  sessionApi,
  useCreateUserSettingsMutation,
  useGetMyUserSettingsQuery,
  useUpdateUserSettingsMutation,
  type Theme,
} from '../../lib/api/sessionApi.js';
import { useViewer } from '../../lib/auth/useViewer.js';

export const THEME_LOCKED_TEXT = 'The theme cannot change while masquerading.';

/** Spec §4: light ⇄ dark, saved in the user's settings; only signed in, disabled while masquerading. */
export function ThemeToggle() {
  const viewer = useViewer();
  const dispatch = useDispatch<AppDispatch>();
  const mine = useGetMyUserSettingsQuery(undefined, { skip: !viewer.signedIn });
  const [createSettings, creating] = useCreateUserSettingsMutation();
  const [updateSettings, updating] = useUpdateUserSettingsMutation();
  // Until the saved row is read back a second click would not know its id and create another.
  const saving = creating.isLoading || updating.isLoading || mine.isFetching;
  if (!viewer.signedIn || !mine.data) return null;

  const settings = mine.data;
  const next: Theme = settings.value === 'dark' ? 'light' : 'dark';
  const label = `Switch to the ${next} theme`;
  const toggle = () => {
    // Show the choice at once; put the old one back if the server refuses it.
    const patch = dispatch(
      sessionApi.util.updateQueryData('getMyUserSettings', undefined, (draft) => {
        draft.value = next;
      }),
    );
    // The first choice creates the user's settings row; later ones update it (spec §7).
    const save =
      settings.id === null
        ? createSettings({ UserId: settings.UserId, value: next })
        : updateSettings({ id: settings.id, UserId: settings.UserId, value: next });
    save.unwrap().catch(() => patch.undo());
  };
  return (
    <AppTooltip content={viewer.masquerading ? THEME_LOCKED_TEXT : label} placement="bottom">
      <Button
        className="allot-topbar__button"
        variant="minimal"
        icon={settings.value === 'dark' ? <FlashIcon /> : <MoonIcon />}
        aria-label={viewer.masquerading ? THEME_LOCKED_TEXT : label}
        disabled={viewer.masquerading || saving}
        onClick={toggle}
      />
    </AppTooltip>
  );
}
