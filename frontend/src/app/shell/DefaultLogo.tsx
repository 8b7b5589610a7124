import { HEADER_LOGO_MAX_HEIGHT_PX, HEADER_LOGO_WIDTH_PX } from '../../lib/constants.js';
import { PRODUCT_NAME } from '../../lib/shellConstants.js';

/**
 * Spec §2: the white logo the drawer shows until an institution uploads its own: a white
 * emblem (the favicon's A cut out in the brand colour behind it) and the product name.
 */
export function DefaultLogo() {
  return (
    <svg
      className="allot-drawer__logo"
      role="img"
      aria-label={`${PRODUCT_NAME} logo`}
      width={HEADER_LOGO_WIDTH_PX}
      height={48}
      style={{ maxHeight: HEADER_LOGO_MAX_HEIGHT_PX }}
      viewBox="0 0 170 48"
    >
      <rect x="4" y="6" width="36" height="36" rx="8" fill="#ffffff" />
      <path
        transform="translate(22 24) scale(1.5) translate(-16 -16)"
        d="M9 24 16 8l7 16h-3.4l-1.5-3.6h-4.2L12.4 24Zm5-6.5h4l-2-4.9Z"
        style={{ fill: 'var(--allot-primary)' }}
      />
      <text
        x="52"
        y="34"
        fill="#ffffff"
        fontFamily="-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
        fontSize="26"
        fontWeight="600"
        letterSpacing="0.5"
      >
        {PRODUCT_NAME}
      </text>
    </svg>
  );
}
