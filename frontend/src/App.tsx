import { useEffect, useState } from 'react';
import {
  Callout,
  Card,
  H1,
  H2,
  Navbar,
  NavbarGroup,
  NavbarHeading,
  Spinner,
} from '@blueprintjs/core';
import {
  fetchInstitutionSettings,
  type InstitutionSettings,
} from './features/settings/institutionSettings.js';

type Load =
  | { status: 'loading' }
  | { status: 'loaded'; settings: InstitutionSettings }
  | { status: 'failed'; message: string };

export interface AppProps {
  loadSettings?: (signal: AbortSignal) => Promise<InstitutionSettings>;
}

/** A placeholder home page until the application shell lands: who we are, fetched from the API. */
export function App({ loadSettings = fetchInstitutionSettings }: AppProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    loadSettings(controller.signal).then(
      (settings) => setLoad({ status: 'loaded', settings }),
      (err: unknown) => {
        if (!controller.signal.aborted)
          setLoad({ status: 'failed', message: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => controller.abort();
  }, [loadSettings]);

  const colour = load.status === 'loaded' ? (load.settings.primaryColor ?? undefined) : undefined;
  return (
    <>
      <Navbar style={colour ? { borderTop: `4px solid ${colour}` } : undefined}>
        <NavbarGroup>
          <NavbarHeading>
            <H1 style={{ fontSize: 20, margin: 0 }}>Allot</H1>
          </NavbarHeading>
        </NavbarGroup>
      </Navbar>
      <main style={{ maxWidth: 720, margin: '40px auto', padding: '0 16px' }}>
        {load.status === 'loading' && <Spinner aria-label="Loading" />}
        {load.status === 'failed' && (
          <Callout intent="danger" title="Allot could not load the institution settings">
            {load.message}
          </Callout>
        )}
        {load.status === 'loaded' && (
          <Card>
            <H2 data-testid="institution-name">
              {load.settings.institutionName || 'Your institution'}
            </H2>
            <p>Teaching assignments and effort planning.</p>
          </Card>
        )}
      </main>
    </>
  );
}
