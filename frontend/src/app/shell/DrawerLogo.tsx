import { PRODUCT_NAME } from '../../lib/shellConstants.js';
import { Link } from 'react-router';
import { settingValue, useGetSettingsQuery } from '../../lib/api/sessionApi.js';
import { DefaultLogo } from './DefaultLogo.js';
import { HEADER_LOGO_MAX_HEIGHT_PX, HEADER_LOGO_WIDTH_PX } from '../../lib/constants.js';
import { useLogoSrc } from '../../lib/branding/logoRevision.js';

/** Spec §2: the uploaded logo when the `logo` setting is 'true', otherwise the white default. */
export function DrawerLogo() {
  const logoSrc = useLogoSrc();
  const settings = useGetSettingsQuery();
  const uploaded = settingValue(settings.data, 'logo') === 'true';
  const institution = settingValue(settings.data, 'institution_name');
  return (
    // The name holds the text the logo shows (the product's name), then where the link goes.
    <Link
      to="/"
      className="allot-drawer__home"
      aria-label={uploaded ? `${institution || 'Institution'} logo, home` : `${PRODUCT_NAME}, home`}
    >
      {uploaded ? (
        <img
          className="allot-drawer__logo"
          src={logoSrc}
          alt={`${institution || 'Institution'} logo`}
          width={HEADER_LOGO_WIDTH_PX}
          style={{ maxHeight: HEADER_LOGO_MAX_HEIGHT_PX }}
        />
      ) : (
        <DefaultLogo />
      )}
    </Link>
  );
}
