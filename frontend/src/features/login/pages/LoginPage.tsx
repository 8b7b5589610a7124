import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { AnchorButton, Callout, Card, Classes, H1, Intent, Spinner } from '@blueprintjs/core';
import {
  settingValue,
  useGetAppInfoQuery,
  useGetSettingsQuery,
} from '../../../lib/api/sessionApi.js';
import { useAppearance, useApplyAppearance } from '../../../lib/appearance/useAppearance.js';
import { useViewer } from '../../../lib/auth/useViewer.js';
import { PRODUCT_NAME } from '../../../lib/shellConstants.js';
import { LogInIcon } from '@blueprintjs/icons';
import { THEME_LOAD_TIMEOUT_MS } from '../../../lib/constants.js';
import { loginHref } from '../loginTarget.js';
import { useLogoSrc } from '../../../lib/branding/logoRevision.js';

export const LOGIN_PAGE_TITLE = `Login to ${PRODUCT_NAME}`;
const CONTACT_SUPPORT = 'Please contact support.';

export interface LoginPageProps {
  /** Spec §9: how long the colour and theme may hold the card back before defaults are used. */
  appearanceTimeoutMs?: number;
}

/** Spec §2 Login: `/login?origin=…`. */
export function LoginPage({ appearanceTimeoutMs = THEME_LOAD_TIMEOUT_MS }: LoginPageProps) {
  const logoSrc = useLogoSrc();
  const viewer = useViewer();
  const appearance = useAppearance();
  useApplyAppearance(appearance);
  const appInfo = useGetAppInfoQuery();
  const settings = useGetSettingsQuery();
  const [params] = useSearchParams();

  const [appearanceTimedOut, setAppearanceTimedOut] = useState(false);

  useEffect(() => {
    document.title = LOGIN_PAGE_TITLE;
  }, []);
  useEffect(() => {
    const timer = window.setTimeout(() => setAppearanceTimedOut(true), appearanceTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [appearanceTimeoutMs]);

  if (viewer.signedIn) return <Navigate to="/" replace />;
  if (viewer.loading || appInfo.isLoading || (appearance.loading && !appearanceTimedOut)) {
    return (
      <div className="allot-login allot-login--loading" role="status" aria-live="polite">
        <Spinner aria-hidden size={48} />
        <p className="allot-login__loading-text">Loading</p>
      </div>
    );
  }

  const institution = settingValue(settings.data, 'institution_name');
  const info = appInfo.data;
  return (
    <main id="main-content" className="allot-login">
      <Card elevation={3} className="allot-login__card">
        <img
          className="allot-login__logo"
          src={logoSrc}
          alt={`${institution || PRODUCT_NAME} logo`}
        />
        <H1 className="allot-login__title">{LOGIN_PAGE_TITLE}</H1>
        <p className={`allot-login__audience ${Classes.TEXT_LARGE}`}>
          {institution ? `${institution} Users` : 'Users'}
        </p>
        {!info ? (
          <Callout
            intent={Intent.DANGER}
            title="Sign-in is unavailable"
            className="allot-login__notice"
          >
            The sign-in service could not be reached. {CONTACT_SUPPORT}
          </Callout>
        ) : !info.strategyExists ? (
          <Callout
            intent={Intent.DANGER}
            title="Authentication Configuration Issue"
            className="allot-login__notice"
          >
            {info.error ? `${info.error} ` : ''}
            {CONTACT_SUPPORT}
          </Callout>
        ) : (
          <>
            {info.error && (
              <Callout intent={Intent.WARNING} className="allot-login__notice">
                {info.error} {CONTACT_SUPPORT}
              </Callout>
            )}
            <AnchorButton
              className="allot-primary-button"
              intent={Intent.PRIMARY}
              size="large"
              fill
              icon={<LogInIcon />}
              href={loginHref(info.featureFlags.auth0Enabled, params.get('origin'))}
              text="Log In"
            />
          </>
        )}
      </Card>
    </main>
  );
}
