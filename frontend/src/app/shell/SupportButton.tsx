import { useEffect, useState } from 'react';
import { AnchorButton } from '@blueprintjs/core';
import { AppTooltip } from '../../components/AppTooltip.js';
import { ChatIcon } from '@blueprintjs/icons';
import { settingValue, useGetSettingsQuery } from '../../lib/api/sessionApi.js';
import { SUPPORT_BUTTON_DISABLED_MS } from '../../lib/constants.js';
import { useViewer } from '../../lib/auth/useViewer.js';

/** Only web addresses open from the chat button: a `javascript:` URL in a setting must not run. */
export function safeSupportUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:'
      ? url.href
      : null;
  } catch {
    return null;
  }
}

/**
 * Spec §2/§4: the support chat, for signed-in users, disabled for the first 5 s after load. It
 * opens the `support_url` setting; without one there is nowhere to go, so it stays hidden.
 */
export function SupportButton() {
  const viewer = useViewer();
  const settings = useGetSettingsQuery();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), SUPPORT_BUTTON_DISABLED_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const url = safeSupportUrl(settingValue(settings.data, 'support_url'));
  if (!viewer.signedIn || !url) return null;
  return (
    <AppTooltip content="Chat with support" placement="bottom">
      <AnchorButton
        className="allot-topbar__button"
        variant="minimal"
        icon={<ChatIcon />}
        aria-label="Chat with support"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        disabled={!ready}
      />
    </AppTooltip>
  );
}
