import { AnchorButton, Card, H1 } from '@blueprintjs/core';
import { ErrorIcon, HomeIcon } from '@blueprintjs/icons';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** What the router caught, as one line: the status text of an answer, else the error's message. */
export function routeErrorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** Spec §2/§8: the router's own error page (outside the shell, which may be what failed). */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <main className="allot-route-error">
      <Card className="allot-route-error__card">
        <ErrorIcon size={48} className="allot-route-error__icon" />
        <H1 className="allot-route-error__title">Unexpected Application Error!</H1>
        <p className="allot-route-error__message">{routeErrorText(error)}</p>
        <AnchorButton href="/" icon={<HomeIcon />} text="Go to the dashboard" />
      </Card>
    </main>
  );
}
